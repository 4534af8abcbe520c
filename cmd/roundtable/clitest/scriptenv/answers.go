package scriptenv

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// answers prints what a person at one seat answers to play the match of a
// `play --format json` log, one answer a line, for piping into
// `play --seat SEAT=human`: the seat's actions (seats from 1), with
// commands woven in.
//
//	answers [-undo K] [-save K FILE] [-then LINE]... LOG SEAT
//
// -undo K answers the K-th decision, undoes it and answers it again, with
// `save undo-before.yaml` before and `save undo-after.yaml` after the
// undo; -save K FILE saves the position before the K-th answer; -then
// adds a line after the last answer (the prompt after the result takes
// save, log and undo).
func answers(ts *testscript.TestScript, neg bool, args []string) {
	usage := "usage: answers [-undo K] [-save K FILE] [-then LINE]... LOG SEAT"
	if neg {
		ts.Fatalf("%s", usage)
	}
	undo, saveAt, saveTo := 0, 0, ""
	var then []string
	num := func(s string) int {
		k, err := strconv.Atoi(s)
		if err != nil || k < 1 {
			ts.Fatalf("%s: %q is not a decision number (from 1)", usage, s)
		}
		return k
	}
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch {
		case args[0] == "-undo" && len(args) > 1:
			undo, args = num(args[1]), args[2:]
		case args[0] == "-save" && len(args) > 2:
			saveAt, saveTo, args = num(args[1]), args[2], args[3:]
		case args[0] == "-then" && len(args) > 1:
			then, args = append(then, args[1]), args[2:]
		default:
			ts.Fatalf("%s", usage)
		}
	}
	if len(args) != 2 {
		ts.Fatalf("%s", usage)
	}
	seat := num(args[1]) - 1
	f, err := os.Open(ts.MkAbs(args[0]))
	ts.Check(err)
	defer f.Close()
	var acts []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var rec struct {
			Event *struct {
				Seat   int    `json:"seat"`
				Kind   string `json:"kind"`
				Action string `json:"action"`
			} `json:"event"`
		}
		ts.Check(json.Unmarshal(sc.Bytes(), &rec))
		if e := rec.Event; e != nil && e.Kind == "action" && e.Seat == seat {
			acts = append(acts, e.Action)
		}
	}
	ts.Check(sc.Err())
	if len(acts) == 0 {
		ts.Fatalf("seat %d takes no action in %s", seat+1, args[0])
	}
	if undo > len(acts) || saveAt > len(acts) {
		ts.Fatalf("seat %d takes %d actions in %s", seat+1, len(acts), args[0])
	}
	out := ts.Stdout()
	for k, a := range acts {
		if k+1 == saveAt {
			fmt.Fprintf(out, "save %s\n", saveTo)
		}
		if k+1 == undo {
			fmt.Fprintf(out, "save undo-before.yaml\n%s\nundo\nsave undo-after.yaml\n", a)
		}
		fmt.Fprintln(out, a)
	}
	for _, l := range then {
		fmt.Fprintln(out, l)
	}
}
