#include <fribidi.h>

/// FRIBIDI_PAR_ON and FRIBIDI_PAR_LTR are macros Swift cannot import.
static inline FriBidiParType ledgerpress_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType ledgerpress_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
