# Plot of a ColumnOfBeadsCombinedProjection result file: the height q_i,0 of the ten beads (columns 2, 4, ..., 20)
# and their vertical velocities (columns 3, 5, ..., 21) against time.
#
#   gnuplot -e "datafile='ColumnOfBeadsCombinedProjection.dat'; pngfile='ColumnOfBeadsCombinedProjection.png'" ColumnOfBeadsCombinedProjection.gp
#
# Both variables are optional (defaults: ColumnOfBeadsCombinedProjection.dat, ColumnOfBeadsCombinedProjection.png).
if (!exists("datafile")) datafile = 'ColumnOfBeadsCombinedProjection.dat'
if (!exists("pngfile")) pngfile = 'ColumnOfBeadsCombinedProjection.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,800 enhanced font ",11"
} else {
  set terminal png size 1200,800
}
set output pngfile

set multiplot layout 2,1 title "ColumnOfBeadsCombinedProjection (combined projection, LCP + MLCP, contacts created during the run)"
set grid
set key outside right
set xlabel "time t [s]"
set ylabel "height q_{i,0} [m]"
plot for [i=0:9] datafile using 1:(column(2+2*i)) with lines lw 1.2 title sprintf("bead %d", i)
set ylabel "velocity v_{i,0} [m/s]"
plot for [i=0:9] datafile using 1:(column(3+2*i)) with lines lw 1 title sprintf("bead %d", i)
unset multiplot
set output
