# median(list): the median of the numbers in a space-separated list, for the peer table scripts.
function median(list,   n, values, i, j, swap) {
  n = split(list, values, " ")
  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
    if (values[j] + 0 < values[i] + 0) { swap = values[i]; values[i] = values[j]; values[j] = swap }
  return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
}
