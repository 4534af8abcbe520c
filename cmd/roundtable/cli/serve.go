package cli

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/project"
	"github.com/roundtable-dev/roundtable/games/studio"
)

func newServe() *cobra.Command {
	var port int
	var baseline string
	var allowHosts []string
	cmd := &cobra.Command{
		Use:   "serve [PACK_DIR...]",
		Short: "A local studio in the browser: gallery, entities, maps, forecast, replays, live diagnostics",
		Long: `Serve starts a local web studio on 127.0.0.1 and prints its URL. It shows the packs'
entities as a searchable gallery of their pictures (as render draws them), each entity
with its YAML, its diagnostics and the documents that refer to it, the maps with a
reach overlay, the combat forecast, a replay viewer (a seeded match, or an uploaded
play --format json log) stepping through positions forward and back, and the check
summary. It watches the pack folders: a save checks and draws them again and open
pages show the new diagnostics and pictures without a reload. With no folder it
serves every game's base content (nothing to watch).

It answers only requests that name it: a Host of 127.0.0.1, localhost or [::1] with
its port, or a name given with --allow-host; others get 421. A request that changes
or computes something (a POST) must come from the studio's own pages (403 otherwise),
bodies are limited (the replay upload to 8 MiB), and a few heavy requests run at
once (503 with Retry-After past them). docs/studio.md lists the guards.`,
		Example: `  roundtable serve
  roundtable serve examples/annas-expansion/pack --port 8080
  roundtable serve --allow-host studio.example.lan`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if port < 0 || port > 65535 {
				return usageErr("--port %d: want 0 (any free port) to 65535", port)
			}
			for _, d := range args {
				if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
					return usageErr("%s is not a pack folder", d)
				}
			}
			var opts studio.CheckOptions
			if baseline != "" {
				b, err := project.ReadBaseline(baseline)
				if err != nil {
					return usageErr("--baseline: %v", err)
				}
				opts.Baseline = b
			}
			ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
			if err != nil {
				return usageErr("cannot listen on 127.0.0.1:%d: %v", port, err)
			}
			out := cmd.OutOrStdout()
			s := studio.NewWith(args, out, opts)
			s.Options.AllowHosts = allowHosts
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			srv := s.Server()
			go func() {
				<-ctx.Done()
				_ = srv.Close()
			}()
			go func() {
				if err := s.Watch(ctx); err != nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "roundtable: watching the packs: %v\n", err)
				}
			}()
			fmt.Fprintf(out, "roundtable studio: http://%s/ (Ctrl-C to stop)\n", ln.Addr())
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&baseline, "baseline", "", "do not show the problems this baseline file accepts, as check --baseline does")
	cmd.Flags().IntVar(&port, "port", 7878, "port on 127.0.0.1 (0: any free port)")
	cmd.Flags().StringArrayVar(&allowHosts, "allow-host", nil, "answer requests whose Host is NAME (or NAME:PORT) too, such as a proxy's name (repeatable; 127.0.0.1, localhost and [::1] always)")
	return cmd
}
