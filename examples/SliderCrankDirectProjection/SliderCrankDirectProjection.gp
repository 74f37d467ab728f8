# Plot of a SliderCrankDirectProjection result file (32 columns, see README.md):
#  1. the slider's lateral position in the guide: the corner positions (columns 8-11, in units
#     of the clearance c; a corner touches the guide at ±1) and Y/c (column 13), against the
#     crank angle in revolutions (column 2);
#  2. the normal impulses λ(1)_0 of the four corners (columns 22-25);
#  3. the position-projection multipliers λ(0)_0 of the four corners (columns 26-29);
#  4. the mechanical energy ½vᵀM(q)v + (m1/2+m2+m3) g l1 sin q0 + (m2/2+m3) g l2 sin q1,
#     constant between contacts up to O(h²), changed by the impacts and the projections.
#
#   gnuplot -e "datafile='SliderCrankDirectProjection.dat'; pngfile='SliderCrankDirectProjection.png'" SliderCrankDirectProjection.gp
#
# Both variables are optional (defaults: SliderCrankDirectProjection.dat, SliderCrankDirectProjection.png).
if (!exists("datafile")) datafile = 'SliderCrankDirectProjection.dat'
if (!exists("pngfile")) pngfile = 'SliderCrankDirectProjection.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,1400 enhanced font ",11"
} else {
  set terminal png size 1200,1400
}
set output pngfile

l1 = 0.153; l2 = 0.306; m1 = 0.038; m2 = 0.038; m3 = 0.076
J1 = 7.4e-5; J2 = 5.9e-4; J3 = 2.7e-6; g = 9.81; K = (m2/2 + m3)*l1*l2
M00 = J1 + (m1/4 + m2 + m3)*l1**2; M11 = J2 + (m2/4 + m3)*l2**2
energy(q0, q1, v0, v1, v2) = 0.5*(M00*v0**2 + 2*K*cos(q1 - q0)*v0*v1 + M11*v1**2 + J3*v2**2) \
                             + (m1/2 + m2 + m3)*g*l1*sin(q0) + (m2/2 + m3)*g*l2*sin(q1)

set multiplot layout 4,1 title "SliderCrankDirectProjection (nonlinear Moreau-Jean + Newton, FC2D enum, direct projection level 0)"
set grid
set xlabel "crank angle q_0 / 2{/Symbol p} [revolutions]"
set ylabel "position / c"
plot datafile using 2:8 with lines lw 1 title "corner 1", \
     datafile using 2:9 with lines lw 1 title "corner 2", \
     datafile using 2:10 with lines lw 1 title "corner 3", \
     datafile using 2:11 with lines lw 1 title "corner 4", \
     datafile using 2:13 with lines lw 1.5 lc rgb "black" title "Y/c"
set xlabel "time t [s]"
set ylabel "normal impulse [N s]"
plot for [i=22:25] datafile using 1:i with impulses lw 1 title sprintf("{/Symbol l}_N corner %d", i - 21)
set ylabel "projection multiplier"
plot for [i=26:29] datafile using 1:i with impulses lw 1 title sprintf("{/Symbol l}(0) corner %d", i - 25)
set ylabel "energy [J]"
plot datafile using 1:(energy(2*pi*$2, $3, $5, $6, $7)) with lines lw 1.5 lc rgb "#2ca02c" title "E"
unset multiplot
set output
