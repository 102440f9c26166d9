// Includes the header under test (k.h, from -I) and nothing else: linking
// it checks that the header's object is the one it was generated with.
#include "k.h"

int main() { return 0; }
