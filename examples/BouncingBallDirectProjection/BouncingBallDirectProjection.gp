# Plot of a BouncingBallDirectProjection result file: the height q_0 of the centre (column 2) and
# the velocity v_0 (column 3); the velocity impulse λ(1)_0 (column 5) and the position
# multiplier λ(0)_0 of the projection (column 7).
#
#   gnuplot -e "datafile='BouncingBallDirectProjection.dat'; pngfile='BouncingBallDirectProjection.png'" BouncingBallDirectProjection.gp
#
# Both variables are optional (defaults: BouncingBallDirectProjection.dat, BouncingBallDirectProjection.png).
if (!exists("datafile")) datafile = 'BouncingBallDirectProjection.dat'
if (!exists("pngfile")) pngfile = 'BouncingBallDirectProjection.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,900 enhanced font ",11"
} else {
  set terminal png size 1200,900
}
set output pngfile

set multiplot layout 3,1 title "BouncingBallDirectProjection (Moreau-Jean {/Symbol q} = 0.5 + projection, e = 0.9)"
set grid
set xlabel "time t [s]"
set ylabel "height [m]"
plot datafile using 1:2 with lines lw 1.5 title "q_0"
set ylabel "velocity [m/s]"
plot datafile using 1:3 with lines lw 1.5 title "v_0"
set ylabel "multipliers"
plot datafile using 1:5 with impulses lw 1 title "{/Symbol l}(1)_0 (impulse)", \
     datafile using 1:7 with impulses lw 1 title "{/Symbol l}(0)_0 (projection)"
unset multiplot
