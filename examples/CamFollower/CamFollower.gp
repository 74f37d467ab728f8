# Plot of a CamFollower result file: absolute follower position u = c + q (column 8) and cam
# position c (column 6) against time, with the impact steps (rows with λ = column 4 > 0)
# marked as points.
#
#   gnuplot -e "datafile='CamFollower.dat'; pngfile='CamFollower.png'" CamFollower.gp
#
# Both variables are optional (defaults: CamFollower.dat, CamFollower.png).
if (!exists("datafile")) datafile = 'CamFollower.dat'
if (!exists("pngfile")) pngfile = 'CamFollower.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,600 enhanced font ",11"
} else {
  set terminal png size 1200,600
}
set output pngfile

set title "CamFollower (Moreau-Jean, LCP): follower and cam positions"
set xlabel "time t [s]"
set ylabel "position [m]"
set grid
set key outside right top

plot datafile using 1:8 with lines lw 1.5 lc rgb "#1f77b4" title "follower u = c + q", \
     datafile using 1:6 with lines lw 1.5 lc rgb "#7f7f7f" title "cam c", \
     datafile using 1:($4 > 0 ? $8 : 1/0) with points pt 7 ps 0.8 lc rgb "#d62728" title "impacts ({/Symbol l} > 0)"

set output
