"""Issue 22 (found by the interrupt benchmark: 1 of 220 interrupted batch checks ended in a
half-printed line): print() writes a line's text and its newline in two calls, so the
command's stdout is written in whole lines, and a Ctrl-C between the two calls leaves
nothing of that line."""
from __future__ import annotations

import io

from pencilproof.cli import program


def test_stdout_goes_out_in_whole_lines():
    real = io.StringIO()
    out = program._GuardedStdout(real)
    assert out.write("a.txt: unique") == len("a.txt: unique")
    assert real.getvalue() == ""  # what a Ctrl-C here would leave: nothing of the line
    out.write("\n")
    assert real.getvalue() == "a.txt: unique\n"
    out.write("b.txt: multiple\nc.txt: ")
    assert real.getvalue() == "a.txt: unique\nb.txt: multiple\n"
    out.flush()  # a text without a newline of its own still goes out at the end
    assert real.getvalue() == "a.txt: unique\nb.txt: multiple\nc.txt: "


def test_an_interrupt_inside_a_print_leaves_no_half_line(monkeypatch, capsys):
    def command(args):
        print("a.txt: unique")
        real_write = program._GuardedStdout.write

        def write(self, text):
            n = real_write(self, text)
            if text == "b.txt: multiple":  # Ctrl-C between print's two writes
                raise KeyboardInterrupt
            return n
        monkeypatch.setattr(program._GuardedStdout, "write", write)
        print("b.txt: multiple")
        return 0
    real_parse = program.build_parser

    def parser(only=None):
        p = real_parse(only)
        parse = p.parse_args

        def parse_args(argv=None):
            args = parse(argv)
            args.func = command  # a command that prints two lines
            return args
        p.parse_args = parse_args  # type: ignore[method-assign]
        return p
    monkeypatch.setattr(program, "build_parser", parser)
    code = program.main(["genres"])
    got = capsys.readouterr()
    assert (code, got.out, got.err) == (130, "a.txt: unique\n", "pencilproof: interrupted\n")
