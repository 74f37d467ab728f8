# gnuplot -e "datafile='NonLinearSwitch.dat'; pngfile='NonLinearSwitch.png'" NonLinearSwitch.gp
# Columns: step, x, λ0 (switch current), λ1 (diode current), λ2 (switch node voltage),
# λ3 (= R x), λ4 (= s(t), source), λ5 (controller multiplier). h = 1e-7 s by default.
if (!exists("datafile")) datafile = 'NonLinearSwitch.dat'
if (!exists("pngfile")) pngfile = 'NonLinearSwitch.png'
if (!exists("h")) h = 1e-7
set terminal pngcairo size 900,900
set output pngfile
set multiplot layout 3,1
set xlabel 't (us)'
set ylabel 'current (A)'
plot datafile using ($1*h*1e6):2 with lines title 'x (inductor)', \
     datafile using ($1*h*1e6):3 with lines title 'lambda0 (switch)', \
     datafile using ($1*h*1e6):4 with lines title 'lambda1 (diode)'
set ylabel 'voltage (V)'
plot datafile using ($1*h*1e6):5 with lines title 'lambda2 (switch node)', \
     datafile using ($1*h*1e6):7 with lines title 'lambda4 = s(t)', \
     datafile using ($1*h*1e6):6 with lines title 'lambda3 = R x'
set ylabel 'lambda5'
plot datafile using ($1*h*1e6):8 with lines title 'lambda5 (controller)'
unset multiplot
