package playtest

import (
	"fmt"
	"runtime"
	"testing"
)

// Failure runs f with a testing.TB that stops at its first Fatal and
// returns that failure's message, "" when f passes: how a test shows that
// a harness of this package fails a broken game.
func Failure(f func(tb testing.TB)) string {
	tb := &failer{}
	done := make(chan bool)
	go func() {
		defer close(done)
		f(tb)
	}()
	<-done
	return tb.msg
}

// failer is a testing.TB that records the first failure and stops.
type failer struct {
	testing.TB
	msg string
}

func (f *failer) Helper() {}
func (f *failer) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (f *failer) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }
func (f *failer) Errorf(format string, args ...any) {
	if f.msg == "" {
		f.msg = fmt.Sprintf(format, args...)
	}
}
