# Plot of a BouncingBallScleronomousTS result file: the height q0 (column 2) and the horizontal
# position q1 (column 3) of the ball, the constraint y = q0 + 0.1 q1 it bounces on (it slides
# along the incline: the impulse G^T λ has a horizontal component 0.1 λ), and the impulse
# λ(1) (column 7).
#
#   gnuplot -e "datafile='BouncingBallScleronomousTS.dat'; pngfile='BouncingBallScleronomousTS.png'" BouncingBallScleronomousTS.gp
#
# Both variables are optional (defaults: BouncingBallScleronomousTS.dat / .png).
if (!exists("datafile")) datafile = 'BouncingBallScleronomousTS.dat'
if (!exists("pngfile")) pngfile = 'BouncingBallScleronomousTS.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,800 enhanced font ",11"
} else {
  set terminal png size 1200,800
}
set output pngfile

set multiplot layout 2,1 title "BouncingBallScleronomousTS (plug-in relation, Moreau-Jean + Newton, LCP)"
set grid
set xlabel "time t [s]"
set ylabel "position"
plot datafile using 1:2 with lines lw 1.5 lc rgb "#1f77b4" title "q_0", \
     datafile using 1:3 with lines lw 1.5 lc rgb "#ff7f0e" title "q_1", \
     datafile using 1:($2 + 0.1*$3) with lines lw 1 dt 2 lc rgb "#2ca02c" title "y = q_0 + 0.1 q_1"
set ylabel "impulse"
plot datafile using 1:7 with impulses lw 1.5 lc rgb "#d62728" title "{/Symbol l}(1)"
unset multiplot
set output
