# Plot of a Woodpecker result file: the sleeve position y (column 2) and velocity ẏ (column 3),
# the sleeve angle φ_M (column 4) and the bird angle φ_S (column 6), and the bird's phase
# portrait (φ_S, φ̇_S) (columns 6 and 7), which shows the limit cycle.
#
#   gnuplot -e "datafile='Woodpecker.dat'; pngfile='Woodpecker.png'" Woodpecker.gp
#
# Both variables are optional (defaults: Woodpecker.dat, Woodpecker.png).
if (!exists("datafile")) datafile = 'Woodpecker.dat'
if (!exists("pngfile")) pngfile = 'Woodpecker.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,900 enhanced font ",11"
} else {
  set terminal png size 1200,900
}
set output pngfile

set multiplot layout 3,1 title "Woodpecker (Moreau-Jean, FrictionContact 2D, NSGS)"
set grid
set xlabel "time t [s]"
set ylabel "sleeve y [m], y' [m/s]"
plot datafile using 1:2 with lines lw 1.5 title "y", \
     datafile using 1:3 with lines lw 1 title "dy/dt"
set ylabel "angles [rad]"
plot datafile using 1:4 with lines lw 1.5 title "{/Symbol f}_M (sleeve)", \
     datafile using 1:6 with lines lw 1.5 title "{/Symbol f}_S (bird)"
set xlabel "{/Symbol f}_S [rad]"
set ylabel "d{/Symbol f}_S/dt [rad/s]"
plot datafile using 6:7 with lines lw 1 title "bird phase portrait"
unset multiplot
set output
