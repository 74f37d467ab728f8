# Impacts simulated until rest against log10(1/h), one line per e (linear axes: the law is
# n ≈ a + log10(1/h) · ln 10 / ln(1/e), a straight line of slope ln 10 / ln(1/e) per e).
#   gnuplot -e "datafile='ImpactAccumulation.dat'; pngfile='ImpactAccumulation.png'" ImpactAccumulation.gp
# Other e lists: add  es='0.3 0.8'  to the -e string.
if (!exists("datafile")) datafile = 'ImpactAccumulation.dat'
if (!exists("pngfile")) pngfile = 'ImpactAccumulation.png'
if (!exists("es")) es = '0.2 0.5 0.7 0.9 0.95'
set terminal pngcairo size 900,650
set output pngfile
set xlabel 'log_{10}(1/h)'
set ylabel 'impacts until rest'
set key top left
set grid
# Columns: 1 e, 2 h, 3 log10(1/h), 4 impacts, 5 ln10/ln(1/e).
plot for [e in es] datafile using 3:(abs($1 - e) < 1e-9 ? $4 : 1/0) with linespoints pt 7 \
       title sprintf('e = %s (slope ln10/ln(1/e) = %.2f)', e, log(10) / log(1 / e))
