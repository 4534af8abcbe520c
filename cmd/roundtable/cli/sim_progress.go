package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/roundtable-dev/roundtable/engine/sim"
)

// exitInterrupted is sim's exit status when Ctrl-C stopped it before the
// end (128 + SIGINT, as a shell reports a command Ctrl-C ended): what it
// printed and wrote covers the games played.
const exitInterrupted = 130

// progress shows a run's progress on standard error: a bar on a terminal;
// elsewhere (a pipe, a CI log) a line every `every`, and a closing line
// when it printed any.
type progress struct {
	w       io.Writer
	label   string
	total   int
	every   time.Duration
	bar     *progressbar.ProgressBar
	start   time.Time
	last    time.Time // of the last line
	printed bool
}

func newProgress(w io.Writer, total int, label string, every time.Duration) *progress {
	p := &progress{w: w, label: label, total: total, every: every, start: time.Now()}
	p.last = p.start
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) && total > 0 {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(label),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	return p
}

// update is sim.Config.Progress: told every 100 ms how many games are done.
func (p *progress) update(done, total int) {
	if p.bar != nil {
		_ = p.bar.Set(done)
		return
	}
	now := time.Now()
	if p.every <= 0 || now.Sub(p.last) < p.every || done >= total {
		return
	}
	p.last, p.printed = now, true
	el := now.Sub(p.start)
	rate := float64(done) / el.Seconds()
	left := "time left unknown"
	if done > 0 {
		left = "about " + (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second).String() + " left"
	}
	fmt.Fprintf(p.w, "%s: %d/%d games (%d%%), %.0f games/s, %s\n", p.label, done, total, 100*done/max(total, 1), rate, left)
}

// finish closes the bar, or the lines, with how long the run took.
func (p *progress) finish(played, workers int) {
	if p.bar == nil && !p.printed {
		return // a short run off a terminal stays quiet
	}
	if p.bar != nil {
		_ = p.bar.Finish()
	}
	el := time.Since(p.start)
	prefix := ""
	if p.bar == nil {
		prefix = p.label + ": "
	}
	fmt.Fprintf(p.w, "%s%d games in %s (%.0f games/s on %d workers)\n", prefix, played, el.Round(time.Millisecond), float64(played)/el.Seconds(), workers)
}

// interrupt is Ctrl-C during a run: stopped closes at the first SIGINT
// (or when ctx ends), after which SIGINT ends the process as usual.
type interrupt struct {
	stopped chan struct{}
	release func()
}

func onInterrupt(ctx context.Context, w io.Writer) *interrupt {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	in := &interrupt{stopped: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			signal.Stop(sig)
			fmt.Fprintln(w, "roundtable sim: interrupted: finishing the games under way, then writing what was played (Ctrl-C again to quit at once)")
		case <-ctx.Done():
		case <-done:
			return
		}
		close(in.stopped)
	}()
	var once sync.Once
	in.release = func() { once.Do(func() { signal.Stop(sig); close(done) }) }
	return in
}

// interrupted says on stderr what an interrupted run's report and result
// file cover, and is the run's exit (exitInterrupted); nil when r ran to
// its end.
func interrupted(cmd *cobra.Command, r *sim.Result, f *simFlags) error {
	if !r.Interrupted {
		return nil
	}
	what := "the report covers"
	if f.out != "" {
		what = fmt.Sprintf("the report and %s cover", f.out)
	}
	return &exitError{Code: exitInterrupted, Msg: fmt.Sprintf("sim: interrupted after %d games (games %d–%d of a run of %d): %s those", r.Played, r.Range.First, r.Range.End, r.Games, what)}
}
