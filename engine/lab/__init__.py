"""CPython-only tooling around the engine: arena, benchmark, random-games check, fuzzer.

It lives in its own subpackage because the site build leaves it out: the browser gets only what
runs there, and these modules pull multiprocessing, argparse and friends into the snapshot.
Nothing under ``engine`` outside this package may import from it.
"""
