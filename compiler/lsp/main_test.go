package lsp

import (
	"context"
	"fmt"
	"io"
	"os"
	"testing"
)

// serveEnv makes the test binary a server on stdio, for clients that start
// their server as a command (the Neovim test).
const serveEnv = "ROUNDTABLE_LSP_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		o := Options{BaseDir: os.Getenv("ROUNDTABLE_LSP_TEST_BASE")}
		logw := io.Discard
		if p := os.Getenv("ROUNDTABLE_LSP_TEST_LOG"); p != "" {
			if f, err := os.Create(p); err == nil {
				logw = f
			}
		}
		if err := Serve(context.Background(), stdio{}, o, logw); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return nil }
