# Plot of a ColumnOfBeadsTS result file: the height q_i,0 of the ten beads (columns 2, 4, ..., 20)
# and their vertical velocities (columns 3, 5, ..., 21) against time.
#
#   gnuplot -e "datafile='ColumnOfBeadsTS.dat'; pngfile='ColumnOfBeadsTS.png'" ColumnOfBeadsTS.gp
#
# Both variables are optional (defaults: ColumnOfBeadsTS.dat, ColumnOfBeadsTS.png).
if (!exists("datafile")) datafile = 'ColumnOfBeadsTS.dat'
if (!exists("pngfile")) pngfile = 'ColumnOfBeadsTS.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,800 enhanced font ",11"
} else {
  set terminal png size 1200,800
}
set output pngfile

set multiplot layout 2,1 title "ColumnOfBeadsTS (Moreau-Jean, LCP, contacts created during the run)"
set grid
set key outside right
set xlabel "time t [s]"
set ylabel "height q_{i,0} [m]"
plot for [i=0:9] datafile using 1:(column(2+2*i)) with lines lw 1.2 title sprintf("bead %d", i)
set ylabel "velocity v_{i,0} [m/s]"
plot for [i=0:9] datafile using 1:(column(3+2*i)) with lines lw 1 title sprintf("bead %d", i)
unset multiplot
set output
