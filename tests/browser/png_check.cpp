// Says whether a screenshot shows something: enough colours and enough non-background pixels.
#include <cstdio>
#include <set>

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb/stb_image.h>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: pathkit_png_check SCREENSHOT.png\n");
        return 2;
    }
    int width = 0, height = 0, channels = 0;
    unsigned char* pixels = stbi_load(argv[1], &width, &height, &channels, 3);
    if (!pixels) {
        std::fprintf(stderr, "%s: not a readable image\n", argv[1]);
        return 1;
    }
    std::set<unsigned> colours;
    long differing = 0;
    const long count = static_cast<long>(width) * height;
    for (long index = 0; index < count; ++index) {
        const unsigned char* p = pixels + index * 3;
        const unsigned colour = (p[0] << 16u) | (p[1] << 8u) | p[2];
        colours.insert(colour);
        const unsigned char* first = pixels;
        differing += p[0] != first[0] || p[1] != first[1] || p[2] != first[2];
    }
    stbi_image_free(pixels);
    std::printf("%s: %dx%d, %zu colours, %.1f%% of pixels unlike the top-left one\n", argv[1],
                width, height, colours.size(), 100.0 * static_cast<double>(differing) / count);
    return colours.size() >= 16 && differing * 20 >= count ? 0 : 1;
}
