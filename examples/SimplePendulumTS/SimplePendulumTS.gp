# Plot of a SimplePendulumTS result file: the angle θ (column 2) and the angular velocity θ̇
# (column 3) against time, and the mechanical energy ½θ̇² + g(1 − cos θ) (g = 10), which drops
# by e² = 0.81 at each rebound on the wall θ = 0.
#
#   gnuplot -e "datafile='SimplePendulumTS.dat'; pngfile='SimplePendulumTS.png'" SimplePendulumTS.gp
#
# Both variables are optional (defaults: SimplePendulumTS.dat, SimplePendulumTS.png).
if (!exists("datafile")) datafile = 'SimplePendulumTS.dat'
if (!exists("pngfile")) pngfile = 'SimplePendulumTS.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,800 enhanced font ",11"
} else {
  set terminal png size 1200,800
}
set output pngfile

set multiplot layout 2,1 title "SimplePendulumTS (nonlinear Moreau-Jean + Newton, LCP)"
set grid
set xlabel "time t [s]"
set ylabel "angle, velocity"
plot datafile using 1:2 with lines lw 1.5 lc rgb "#1f77b4" title "{/Symbol q}", \
     datafile using 1:3 with lines lw 1 lc rgb "#ff7f0e" title "d{/Symbol q}/dt"
set ylabel "energy"
set logscale y
plot datafile using 1:(0.5*$3*$3 + 10*(1 - cos($2))) with lines lw 1.5 lc rgb "#2ca02c" title "E"
unset multiplot
set output
