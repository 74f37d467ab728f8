# Prescribed twist of the Newton–Euler ball (BallNewtonEuler): x-velocity and spins, the
# position, the quaternion and Siconos's reaction to the boundary condition on x.
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
# Siconos's reaction on x: -(column 0 of W).v_{k+1} + p_0 = -m v_x (m = 1), row 0 left out.
set ylabel 'reaction (N s)'
plot datafile using 1:5 every ::1 with lines lw 2 title "reaction on x (Siconos's)", \
     -(2 + cos(pi * x / 2)) with lines dt 2 lc rgb 'black' title '-m (2 + cos(pi t / 2))'
unset multiplot
