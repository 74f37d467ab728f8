# Replica of the Siconos event-driven loop (EventDriven + LsodarOSI, the semantics stated in
# docs/theory/event-driven.md Sec. 5) for the bouncing ball of tutorial-models Sec. 24, 25, 27,
# integrated by the real ODEPACK DLSODAR (R package deSolve, Debian: r-cran-desolve).
# Analysis only (not run by the tests): it shows where Siconos's accumulation of impacts ends.
#   Rscript scripts/analysis/siconos_ed_lsodar.R g e v0 top T h ncontacts
#   10 0.8 10 1.5 10 0.01 2   -> 80 nonsmooth events, 1161 rows (BouncingBallEDTwoContacts)
#   9.81 0.9 0 1.5 8.5 0.005 1 -> 44 events, 1788 rows (BouncingBallED)
#   9.81 0 0 1.5 8.5 0.005 1   -> 1 event, 1702 rows (BouncingBallEDRestingContact)
# Semantics reproduced: TOL = 1e4 eps on y and ydot for index sets 1 and 2; root function per
# contact g = y if y > TOL, else 100 TOL while ydot > -TOL, else y (open contacts), and
# g = lambda(2) (or 100 TOL when lambda(2) <= TOL and the acceleration <= TOL) for contacts in
# I2; DLSODAR with rtol = 10 eps, atol = 100 eps, restarted (istate = 1) after every root and
# continued (istate = 2) across time-discretisation events; impact law v+ = -e v- over
# I1 - I2; double condition |lambda(2)| < TOL removes from I2.
suppressMessages(library(deSolve))
args <- commandArgs(TRUE)
g <- as.numeric(ifelse(length(args) >= 1, args[1], 10)); e <- as.numeric(ifelse(length(args) >= 2, args[2], 0.8))
v0 <- as.numeric(ifelse(length(args) >= 3, args[3], 10)); top <- as.numeric(ifelse(length(args) >= 4, args[4], 1.5))
Tend <- as.numeric(ifelse(length(args) >= 5, args[5], 10)); h <- as.numeric(ifelse(length(args) >= 6, args[6], 0.01))
ncontacts <- as.integer(ifelse(length(args) >= 7, args[7], 2))
eps <- .Machine$double.eps; TOL <- 1e4 * eps; rtol <- 10 * eps; atol <- 100 * eps
H <- c(1, -1)[1:ncontacts]; b <- c(0, top)[1:ncontacts]
I1 <- rep(FALSE, ncontacts); I2 <- rep(FALSE, ncontacts)
lam2 <- function(I2) { l <- rep(0, ncontacts); for (i in which(I2)) l[i] <- max(0, -H[i] * (-g)); l }
acc <- function(I2) { l <- lam2(I2); -g + sum(H * l) }
f <- function(t, x, p) { a <- acc(I2); list(c(x[4:6], a, 0, 0)) }
jac <- function(t, x, p) { J <- matrix(0, 6, 6); J[1, 4] <- 1; J[2, 5] <- 1; J[3, 6] <- 1; J }
root <- function(t, x, p) {
  l <- lam2(I2); a <- acc(I2); out <- numeric(ncontacts)
  for (i in 1:ncontacts) {
    y <- H[i] * x[1] + b[i]; yd <- H[i] * x[4]; ydd <- H[i] * a
    if (!I2[i]) { out[i] <- if (y > TOL) y else if (yd > -TOL) 100 * TOL else y }
    else { out[i] <- if (l[i] > TOL) l[i] else if (ydd > TOL) l[i] else 100 * TOL }
  }
  out
}
N <- round(Tend / h); tk <- (1:N) * h
x <- c(1, 0, 0, v0, 0, 0); t <- 0; nTD <- 0; nNS <- 0; k <- 1; skippedTD <- 0
lastNS <- NA
while (k <= N) {
  times <- c(t, tk[k:N])
  out <- lsodar(x, times, f, NULL, rootfunc = root, jacfunc = jac, jactype = "fullusr",
                rtol = rtol, atol = atol, hmax = 0, maxsteps = 500, verbose = FALSE)
  istate <- attributes(out)$istate[1]
  if (istate < 0) { cat("LSODAR failed istate", istate, "at t", t, "\n"); break }
  tr <- attributes(out)$troot
  nrows <- nrow(out)
  if (is.null(tr) || length(tr) == 0 || istate == 2) { nTD <- nTD + (N - k + 1); break }
  # rows 2..nrows-1 are TD events before the root
  nTD <- nTD + (nrows - 2); k <- k + (nrows - 2)
  troot <- out[nrows, 1]; x <- as.numeric(out[nrows, 2:7])
  # NS event close (<= 100 ticks of 1e-16) before a TD event: TD skipped
  if (k <= N && tk[k] - troot >= 0 && tk[k] - troot <= 100 * 1e-16) { k <- k + 1; skippedTD <- skippedTD + 1 }
  nNS <- nNS + 1; t <- troot
  y <- H * x[1] + b; yd <- H * x[4]
  for (i in 1:ncontacts) {
    if (y[i] < -TOL) cat("EXCEPTION y < -TOL at", t, y[i], "\n")
    if (!I1[i]) { if (abs(y[i]) <= TOL) I1[i] <- TRUE } else if (abs(y[i]) > TOL) I1[i] <- FALSE
  }
  for (i in 1:ncontacts) { if (I1[i]) { if (!I2[i]) { if (abs(yd[i]) <= TOL) I2[i] <- TRUE } else if (abs(yd[i]) > TOL) I2[i] <- FALSE } else I2[i] <- FALSE }
  vpre <- x[4]; impact <- any(I1 & !I2)
  if (impact) {
    for (i in which(I1 & !I2)) { if (yd[i] < 0) x[4] <- x[4] + H[i] * (-(1 + e) * yd[i]) }
    yd <- H * x[4]
    for (i in 1:ncontacts) { if (I1[i]) { if (!I2[i]) { if (abs(yd[i]) <= TOL) I2[i] <- TRUE } else if (abs(yd[i]) > TOL) I2[i] <- FALSE } }
  }
  if (any(I2)) { l <- lam2(I2); for (i in which(I2)) if (abs(l[i]) < TOL) I2[i] <- FALSE }
  cat(sprintf("NS %3d t=%.15f y=%.3e vpre=%.4e vpost=%.4e I1=%s I2=%s\n", nNS, t, x[1], vpre, x[4],
              paste(as.integer(I1), collapse=""), paste(as.integer(I2), collapse="")))
}
cat("TD events", nTD, "NS events", nNS, "skippedTD", skippedTD, "\n")
cat("rows (k from 1, row0 hardwired) =", 1 + nTD + 2 * nNS, " rows (row0 overwritten) =", nTD + 2 * nNS, "\n")
