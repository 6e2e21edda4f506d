#!/usr/bin/env python3
"""`stewardctl isbn check --json` against isbnlib, an independent implementation of the ISBN
rules: valid ISBN-10s (with X check digits) and ISBN-13s (978 and 979), the same numbers with one
digit mistyped and with two neighbouring digits swapped, typed with hyphens and spaces. Valid or
not must agree, the ISBN-13 must agree, and a wrong check digit must be named as isbnlib computes
it. Deterministic (a fixed seed); about a hundred numbers checked in one batch of processes."""

import argparse
import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import isbnlib


def valid_numbers(rng, count):
    numbers = ["0316769487", "080442957X", "9780316769488", "9791090636071"]
    while len(numbers) < count:
        if rng.random() < 0.5:
            body = "".join(rng.choice("0123456789") for _ in range(9))
            numbers.append(body + isbnlib.check_digit10(body))
        else:
            body = rng.choice(["978", "979"]) + "".join(rng.choice("0123456789") for _ in range(9))
            numbers.append(body + isbnlib.check_digit13(body))
    return numbers


def mistyped(rng, number):
    position = rng.randrange(len(number) - 1)
    digit = rng.choice([d for d in "0123456789" if d != number[position]])
    return number[:position] + digit + number[position + 1:]


def transposed(rng, number):
    for _ in range(20):
        position = rng.randrange(len(number) - 1)
        if number[position] != number[position + 1] and "X" not in number[position:position + 2]:
            return number[:position] + number[position + 1] + number[position] + number[position + 2:]
    return number


def typed(rng, number):
    """As people type it: sometimes hyphenated or spaced."""
    style = rng.choice(["", "-", " "])
    if not style:
        return number
    if len(number) == 10:
        return style.join([number[0], number[1:4], number[4:9], number[9]])
    return style.join([number[:3], number[3], number[4:7], number[7:12], number[12]])


def reference(number):
    """What isbnlib says of a number: valid, its ISBN-13, and the check digit it should have."""
    digits = number.replace("-", "").replace(" ", "").upper()
    if len(digits) == 10:
        valid = isbnlib.is_isbn10(digits)
        expected = isbnlib.check_digit10(digits[:9]) if digits[:9].isdigit() else None
    else:
        valid = isbnlib.is_isbn13(digits)
        expected = isbnlib.check_digit13(digits[:12]) if digits[:12].isdigit() and digits[:3] in ("978", "979") else None
    return {"valid": valid, "isbn13": isbnlib.to_isbn13(digits) if valid else None,
            "expectedCheckDigit": None if valid else expected}


def check(binary, number):
    result = subprocess.run([binary, "isbn", "check", number, "--json"], capture_output=True, text=True,
                            env={"LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"})
    got = json.loads(result.stdout)
    want = reference(number)
    problems = []
    if result.returncode != (0 if want["valid"] else 2):
        problems.append("exit %d" % result.returncode)
    for key in ("valid", "isbn13", "expectedCheckDigit"):
        if got.get(key) != want[key]:
            problems.append("%s: stewardctl %r, isbnlib %r" % (key, got.get(key), want[key]))
    if not want["valid"] and want["expectedCheckDigit"] and ("should be %s" % want["expectedCheckDigit"]) not in result.stderr:
        problems.append("stderr does not name the expected digit: %r" % result.stderr)
    return number, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True, help="the stewardctl binary")
    parser.add_argument("--count", type=int, default=40, help="valid numbers to start from")
    args = parser.parse_args()
    rng = random.Random(14)
    cases = []
    for number in valid_numbers(rng, args.count):
        cases += [typed(rng, number), mistyped(rng, number), transposed(rng, number)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda number: check(args.bin, number), cases))
    failures = [(number, problems) for number, problems in results if problems]
    for number, problems in failures:
        print("isbn %r: %s" % (number, "; ".join(problems)), file=sys.stderr)
    valid = sum(1 for number in cases if reference(number)["valid"])
    print("isbn_reference_test: %d numbers (%d valid) agree with isbnlib %s" % (len(cases) - len(failures), valid,
                                                                                isbnlib.__version__)
          if not failures else "isbn_reference_test: %d of %d numbers disagree" % (len(failures), len(cases)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
