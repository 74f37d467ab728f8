# Velocities, slip, energy and angular momentum about the contact point (RollingSphere).
#   gnuplot -e "datafile='RollingSphere.dat'; pngfile='RollingSphere.png'" RollingSphere.gp
if (!exists("datafile")) datafile = 'RollingSphere.dat'
if (!exists("pngfile")) pngfile = 'RollingSphere.png'
set terminal pngcairo size 900,800
set output pngfile
set multiplot layout 3,1
set xlabel 't (s)'
set grid
set key top right
set xrange [0:*]
set autoscale xfixmax
# Columns: 1 t, 2 x, 3 z, 4 v_x, 5 v_z, 6 ω_y, 7 u = v_x − R ω_y, 8 E, 9 L_P, 10 λ_N, 11 P_x,
# 12 p0, 13 p2 (R = 0.1).
set ylabel 'velocity (m/s)'
plot datafile using 1:4 with lines lw 2 title 'v_x (centre)', \
     datafile using 1:(0.1*$6) with lines lw 2 title 'R ω_y', \
     datafile using 1:7 with lines lw 2 dt 2 title 'slip u = v_x − R ω_y'
set ylabel 'energy (J)'
plot datafile using 1:8 with lines lw 2 title 'E = kinetic + m g z'
# L_P is conserved: plot its relative drift from the initial value (round-off only).
stats datafile using 9 every ::0::0 nooutput
L0 = STATS_min
set ylabel '(L_P − L_P(0)) / |L_P(0)|'
set format y '%.1e'
set key bottom right
plot datafile using 1:(($9 - L0) / abs(L0)) with lines lw 1 title 'angular momentum about the contact point, relative drift'
unset multiplot
