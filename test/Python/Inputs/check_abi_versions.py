"""Compares the versions python/pykc/_abi.py mirrors with the C headers
they mirror: argv[1] is runtime/include/pykc, argv[2] python/pykc/_abi.py."""
import re
import sys

headers, mirror = sys.argv[1], open(sys.argv[2]).read()
for header, macro, name in [("ModuleABI.h", "PYKC_ABI_VERSION", "ABI_VERSION"),
                            ("ModuleABI.h", "PYKC_MODULE_ABI_VERSION", "MODULE_ABI_VERSION"),
                            ("SharedABI.h", "PYKC_SHARED_ABI_VERSION", "SHARED_ABI_VERSION")]:
    c = re.search(r"#define %s (\d+)" % macro, open("%s/%s" % (headers, header)).read())
    py = re.search(r"^%s = (\d+)" % name, mirror, re.M)
    c, py = c and c.group(1), py and py.group(1)
    print("%s: %s" % (name, "matches %s" % macro if c and c == py else
                      "is %s but %s is %s" % (py, macro, c)))
