# Prescribed twist of the Newton–Euler ball (BallNewtonEuler): x-velocity and spins, the
# position, the quaternion and the reaction of the drive on x.
#   gnuplot -e "datafile='BallNewtonEuler.dat'; pngfile='BallNewtonEuler.png'" BallNewtonEuler.gp
if (!exists("datafile")) datafile = 'BallNewtonEuler.dat'
if (!exists("pngfile")) pngfile = 'BallNewtonEuler.png'
set terminal pngcairo size 900,1000
set output pngfile
set multiplot layout 4,1
set xlabel 't (s)'
set grid
set key outside right
set lmargin 10
set rmargin 24
# Columns: 1 t, 2 q0, 3 v0, 4 p(1)_0, 5 reaction_0, 6 acos(q3), 7 unused (0), 8-14 q0..q6,
# 15-20 v0..v5.
set ylabel 'velocity'
plot datafile using 1:15 with lines lw 2 title 'v_x (prescribed)', \
     datafile using 1:18 with lines lw 1 dt 2 title 'Ω_x = Ω_z', \
     datafile using 1:17 with lines lw 1 title 'v_z (free)'
set ylabel 'x_G (m)'
plot datafile using 1:2 with lines lw 2 title 'x_G'
set ylabel 'quaternion'
plot datafile using 1:11 with lines lw 2 title 'p_0', \
     datafile using 1:12 with lines lw 1 title 'p_1 = p_3'
# Row 1 (the jump from v0 = 0 to 3: 3.01) is left out.
set ylabel 'impulse (N s)'
h = 1e-3
plot datafile using 1:5 every ::2 with lines lw 2 title 'reaction on x', \
     h * (10 - pi / 2 * sin(pi * x / 2)) with lines dt 2 lc rgb 'black' title 'h (g + dv/dt)'
unset multiplot
