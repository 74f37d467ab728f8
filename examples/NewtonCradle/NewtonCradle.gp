# Positions (top) and velocities (middle) of the balls against time, total momentum and
# kinetic energy (bottom).
#   gnuplot -e "datafile='NewtonCradle.dat'; pngfile='NewtonCradle.png'; balls=5" NewtonCradle.gp
if (!exists("datafile")) datafile = 'NewtonCradle.dat'
if (!exists("pngfile")) pngfile = 'NewtonCradle.png'
if (!exists("balls")) balls = 5
set terminal pngcairo size 900,900
set output pngfile
set multiplot layout 3,1
set lmargin 10
set rmargin 16
set xlabel 't (s)'
set grid
set key outside right top
# Columns: 1 t, 2..N+1 x_i, N+2..2N+1 v_i, 2N+2..3N λ_i, 3N+1 momentum, 3N+2 kinetic energy.
set ylabel 'position x_i (m)'
plot for [i=0:balls-1] datafile using 1:(column(2 + i)) with lines lw 2 title sprintf('ball %d', i)
set ylabel 'velocity v_i (m/s)'
set yrange [*:*]
plot for [i=0:balls-1] datafile using 1:(column(balls + 2 + i)) with steps lw (balls + 1 - i) \
       title sprintf('v_%d', i)
set ylabel 'momentum, energy'
set yrange [0:*]
plot datafile using 1:(column(3 * balls + 1)) with lines lw 2 title 'momentum', \
     datafile using 1:(column(3 * balls + 2)) with lines lw 2 dt 2 title 'kinetic energy'
unset multiplot
