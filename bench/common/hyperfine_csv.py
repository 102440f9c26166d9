#!/usr/bin/env python3
"""Writes hyperfine's --export-json results as CSV: command, median_ms, min_ms, max_ms.

Usage: hyperfine_csv.py RESULTS.json OUT.csv [--print]
--print also prints each command's median, one line each.
"""
import csv
import json
import sys


def main():
    results = json.load(open(sys.argv[1]))["results"]
    with open(sys.argv[2], "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["command", "median_ms", "min_ms", "max_ms"])
        for r in results:
            w.writerow([r["command"], f"{r['median'] * 1000:.3f}", f"{r['min'] * 1000:.3f}",
                        f"{r['max'] * 1000:.3f}"])
            if "--print" in sys.argv[3:]:
                print(f"  {r['command']:28} {r['median'] * 1000:9.1f} ms")


if __name__ == "__main__":
    main()
