# Height of the centre and normal impulse of the Newton–Euler ball with projection (BouncingBallNETSProj).
#   gnuplot -e "datafile='BouncingBallNETSProj.dat'; pngfile='BouncingBallNETSProj.png'" BouncingBallNETSProj.gp
if (!exists("datafile")) datafile = 'BouncingBallNETSProj.dat'
if (!exists("pngfile")) pngfile = 'BouncingBallNETSProj.png'
set terminal pngcairo size 900,700
set output pngfile
set multiplot layout 2,1
set xlabel 't (s)'
set grid
# Columns: 1 t, 2 q0, 3 v0, 4 p(1)_0, 5 λ(1)_0, 6 acos(q3), 7 |contactForce|, 8-14 q0..q6, 15 v1, 16 v2.
set ylabel 'x_G (m)'
plot datafile using 1:2 with lines lw 2 title 'height of the centre'
set ylabel 'impulse (N s)'
plot datafile using 1:5 with impulses title 'λ_N (normal impulse per step)'
unset multiplot
