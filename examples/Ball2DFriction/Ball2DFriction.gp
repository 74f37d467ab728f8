# Plot of a Ball2DFriction result file: the height of the disk's centre q0 (column 2) with the
# floor contact level R = 0.5, the vertical velocity v0 (column 3), and the spin v2 (column 4)
# with the sliding velocity v1 (column 9), which meet at rolling (v1 = R v2).
#
#   gnuplot -e "datafile='Ball2DFriction.dat'; pngfile='Ball2DFriction.png'" Ball2DFriction.gp
#
# Both variables are optional (defaults: Ball2DFriction.dat, Ball2DFriction.png).
if (!exists("datafile")) datafile = 'Ball2DFriction.dat'
if (!exists("pngfile")) pngfile = 'Ball2DFriction.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,900 enhanced font ",11"
} else {
  set terminal png size 1200,900
}
set output pngfile

set multiplot layout 3,1 title "Ball2DFriction (Lagrangian2d2DR, Moreau-Jean, FrictionContact 2D)"
set grid
set xlabel "time t [s]"
set ylabel "height q_0 [m]"
plot datafile using 1:2 with lines lw 1.5 title "q_0", 0.5 with lines dt 2 title "R"
set ylabel "v_0 [m/s]"
plot datafile using 1:3 with lines lw 1 title "v_0"
set ylabel "v_2 [rad/s], v_1 [m/s]"
plot datafile using 1:4 with lines lw 1.5 title "spin v_2", \
     datafile using 1:(0.5*$4) with lines dt 2 title "R v_2", \
     datafile using 1:9 with lines lw 1.5 title "sideways v_1"
unset multiplot
set output
