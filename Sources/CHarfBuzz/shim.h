#include <hb.h>
#include <hb-subset.h>
