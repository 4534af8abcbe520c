package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/packget"
	"github.com/roundtable-dev/roundtable/compiler/project"
)

func newGet() *cobra.Command {
	var dir, cacheDir string
	var upgrade, offline bool
	cmd := &cobra.Command{
		Use:   "get [PACK@VERSION...]",
		Short: "Fetch the packs a pack requires, by source and version, and lock them by hash",
		Long: `get resolves every requirement of the pack in --dir (default: the current folder),
transitively, to one version per pack, fetches what the pack cache lacks, and writes
roundtable.lock beside pack.yaml: each pack's id, version, source and the h1: hash of
its files. Commit the lock: check, gen, sim, serve and lsp then load those exact packs
from the cache (or vendor/) with no folder arguments and no network, and refuse a cached
pack whose files no longer hash to the lock.

Sources are named in pack.yaml (or, winning over it, roundtable.yaml):

  sources:
    valm-maps: {git: https://example.org/valm-maps.git}          # tags v1.2.0
    valm-arms: {git: https://example.org/valm.git, path: arms}   # tags valm-arms/v1.2.0
    sacae:     {archive: https://example.org/sacae-1.0.0.tar.gz} # one version

Versions are chosen by minimal version selection, as Go modules do: each requirement
asks for the lowest version its range admits and a pack gets the highest of those asks,
so a new release elsewhere never changes a build by itself. The lock's versions hold
until you change them: PACK@VERSION moves one pack (only its line changes), -u moves
every pack to the highest version its ranges admit. --offline uses only the cache.

The cache is ` + "`os.UserCacheDir()`" + `/roundtable/packs, or $ROUNDTABLE_PACK_CACHE, or --cache-dir.
Git repositories are fetched with the system's git; archives (.zip, .tar.gz) over http(s),
under limits of size, file count and depth. A fetched pack is data: links and special
files are refused, nothing is run.`,
		Example: `  roundtable get --dir examples/annas-expansion/pack   # resolve, fetch, write roundtable.lock (valm-arms, from its git source: needs the network)
  roundtable get --dir examples/annas-expansion/pack valm-arms@1.0.0   # move one pack to a version
  roundtable get --dir examples/annas-expansion/pack -u   # every pack to the newest its ranges admit
  roundtable get --dir examples/annas-expansion/pack --offline   # from the cache only`,
		RunE: func(cmd *cobra.Command, args []string) error {
			want, err := packget.ParseWant(args)
			if err != nil {
				return usageErr("%v", err)
			}
			if upgrade && len(want) > 0 {
				return usageErr("give -u or PACK@VERSION, not both")
			}
			cache, err := packCache(cacheDir)
			if err != nil {
				return err
			}
			if _, err := os.Stat(filepath.Join(dir, "pack.yaml")); err != nil {
				return usageErr("%s has no pack.yaml: give the pack's folder with --dir", dir)
			}
			cfg, cfgDiags := project.Find(dir)
			if cfgDiags.Errors() > 0 {
				_ = diag.Print(cmd.ErrOrStderr(), "text", cfgDiags, nil)
				return errContent
			}
			var srcs packget.Sources
			if cfg != nil {
				srcs = cfg.Sources
			}
			o := packget.Options{Dir: dir, Cache: cache, Offline: offline, Upgrade: upgrade, Want: want,
				Project: srcs, Skip: compiler.IsBasePack, Log: cmd.ErrOrStderr()}
			out, err := packget.Get(cmd.Context(), o)
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "roundtable get: %v\n", err)
				return errContent
			}
			w := cmd.OutOrStdout()
			for _, e := range out.Lock.Entries {
				fmt.Fprintf(w, "%s %s %s\n", e.ID, e.Version, e.Hash)
			}
			for id, by := range out.Unsourced {
				fmt.Fprintf(cmd.ErrOrStderr(), "note: %s (required by %s) names no source: give its folder to check as before, or add it to sources:\n", id, by)
			}
			state := "unchanged"
			if out.Changed {
				state = "written"
			}
			fmt.Fprintf(w, "%s: %d packs, %s\n", filepath.ToSlash(out.Lock.File), len(out.Lock.Entries), state)
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", ".", "the pack whose requirements to fetch (its pack.yaml; the lock goes beside it)")
	cmd.Flags().StringVar(&cacheDir, "cache-dir", "", "the pack cache (default $"+packget.CacheEnv+", else the user cache folder's roundtable/packs)")
	cmd.Flags().BoolVarP(&upgrade, "upgrade", "u", false, "move every pack to the highest version its ranges admit")
	cmd.Flags().BoolVar(&offline, "offline", false, "use only what the pack cache holds; fetch nothing")
	return cmd
}

func newVendor() *cobra.Command {
	var cacheDir string
	cmd := &cobra.Command{
		Use:   "vendor [DIR]",
		Short: "Copy the locked packs into vendor/ beside the lock, for CI without network",
		Long: `vendor copies every pack roundtable.lock names from the pack cache into DIR/vendor/ID
(DIR: the pack with the lock, default the current folder), checking each against its
hash, and replaces what vendor/ held. check, gen, sim, serve and lsp prefer vendor/ to
the cache, so a repository that commits vendor/ checks with no network and no cache.`,
		Example: `  roundtable get --dir examples/annas-expansion/pack && roundtable vendor examples/annas-expansion/pack   # then commit roundtable.lock and vendor/ (get needs the network)`,
		Args:    cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			cache, err := packCache(cacheDir)
			if err != nil {
				return err
			}
			es, err := packget.Vendor(dir, cache)
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "roundtable vendor: %v\n", err)
				return errContent
			}
			names := make([]string, len(es))
			for i, e := range es {
				names[i] = e.ID + " " + e.Version
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d packs (%s)\n", filepath.ToSlash(filepath.Join(dir, packget.VendorDir)), len(es), strings.Join(names, ", "))
			return nil
		},
	}
	cmd.Flags().StringVar(&cacheDir, "cache-dir", "", "the pack cache (default $"+packget.CacheEnv+")")
	return cmd
}

// packCache is the pack cache of --cache-dir ("" for the default). A
// flag sets the environment too, so that the loaders of the same run see
// the same cache.
func packCache(flag string) (packget.Cache, error) {
	if flag != "" {
		abs, err := filepath.Abs(flag)
		if err != nil {
			return packget.Cache{}, usageErr("--cache-dir: %v", err)
		}
		os.Setenv(packget.CacheEnv, abs)
	}
	d, err := packget.DefaultCache()
	if err != nil {
		return packget.Cache{}, usageErr("%v", err)
	}
	return packget.Cache{Dir: d}, nil
}
