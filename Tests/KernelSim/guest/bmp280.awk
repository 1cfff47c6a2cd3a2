# The judge: what a BMP280 with calibration `cal` reports for raw adc_T/adc_P, computed here with the
# datasheet's double-precision formulas (BST-BMP280-DS001 §8.1) and the ICAO standard atmosphere,
# independently of roam-board (which uses the §3.11.3 integer formulas: the two agree within 0.1 Pa).
#
# usage: awk -v cal="T1 T2 T3 P1 ... P9" -v adcT=N -v adcP=N -f bmp280.awk
# prints: "<pressure Pa> <temperature °C> <altitude m>"
#
# Debian's busybox awk is built without its maths library (no ^, exp, log), so the power in the
# barometric formula is exp(b ln a) from series; for a near 1 both converge in a few terms.
function ln(x,   y, y2, t, s, k) {
    y = (x - 1) / (x + 1); y2 = y * y; t = y; s = 0
    for (k = 1; k < 80; k += 2) { s += t / k; t *= y2 }
    return 2 * s
}
function ex(x,   t, s, k) {
    t = 1; s = 1
    for (k = 1; k < 60; k++) { t *= x / k; s += t }
    return s
}
BEGIN {
    n = split(cal, c, " ")
    if (n != 12) { print "bmp280.awk: cal needs 12 words" > "/dev/stderr"; exit 2 }
    T1 = c[1]; T2 = c[2]; T3 = c[3]
    P1 = c[4]; P2 = c[5]; P3 = c[6]; P4 = c[7]; P5 = c[8]; P6 = c[9]; P7 = c[10]; P8 = c[11]; P9 = c[12]

    v1 = (adcT / 16384.0 - T1 / 1024.0) * T2
    d = adcT / 131072.0 - T1 / 8192.0
    v2 = d * d * T3
    tFine = int(v1 + v2)            # the C code's cast to a 32-bit integer truncates
    tempC = (v1 + v2) / 5120.0

    v1 = tFine / 2.0 - 64000.0
    v2 = v1 * v1 * P6 / 32768.0
    v2 = v2 + v1 * P5 * 2.0
    v2 = v2 / 4.0 + P4 * 65536.0
    v1 = (P3 * v1 * v1 / 524288.0 + P2 * v1) / 524288.0
    v1 = (1.0 + v1 / 32768.0) * P1
    if (v1 == 0) { print "bmp280.awk: division guard (dig_P1 = 0)" > "/dev/stderr"; exit 2 }
    p = 1048576.0 - adcP
    p = (p - v2 / 4096.0) * 6250.0 / v1
    v1 = P9 * p * p / 2147483648.0
    v2 = p * P8 / 32768.0
    p = p + (v1 + v2 + P7) / 16.0

    # ICAO: h = T0/L * (1 - (p/p0)^(R*L/(g*M))), T0 = 288.15 K, L = 0.0065 K/m, p0 = 101325 Pa.
    exponent = 8.31432 * 0.0065 / (9.80665 * 0.0289644)
    altM = 288.15 / 0.0065 * (1 - ex(exponent * ln(p / 101325.0)))
    printf "%.4f %.4f %.4f\n", p, tempC, altM
}
