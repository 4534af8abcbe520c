package cli

import (
	"strconv"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// modeFlags are a mode's own flags (play.Mode.Flags) on a command: play,
// legal and sim offer exactly these beside their common ones.
type modeFlags struct {
	vals  map[string]*string
	lists map[string]*[]string
	ints  map[string]*int
}

// addModeFlags declares m's flags on cmd.
func addModeFlags(cmd *cobra.Command, m play.Mode) *modeFlags {
	mf := &modeFlags{vals: map[string]*string{}, lists: map[string]*[]string{}, ints: map[string]*int{}}
	fl := cmd.Flags()
	for _, x := range m.Flags {
		switch x.Kind {
		case play.Int:
			def, _ := strconv.Atoi(x.Default)
			mf.ints[x.Name] = fl.Int(x.Name, def, x.Usage)
		case play.Strings:
			mf.lists[x.Name] = fl.StringArray(x.Name, nil, x.Usage)
		default:
			mf.vals[x.Name] = fl.String(x.Name, x.Default, x.Usage)
		}
	}
	return mf
}

// values are the flags' values as play.Options.Flags: defaults included,
// empty strings and unset zero integers left out.
func (mf *modeFlags) values(cmd *cobra.Command) map[string][]string {
	out := map[string][]string{}
	for name, v := range mf.vals {
		out[name] = []string{*v}
	}
	for name, v := range mf.ints {
		if cmd.Flags().Changed(name) || *v != 0 {
			out[name] = []string{strconv.Itoa(*v)}
		}
	}
	for name, v := range mf.lists {
		out[name] = *v
	}
	for name, v := range out {
		if len(v) == 1 && v[0] == "" {
			delete(out, name)
		}
	}
	return out
}

// given are the flags set on the command line, as values gives them: what
// a log's match line records, so that the log replays on its own.
func (mf *modeFlags) given(cmd *cobra.Command) map[string][]string {
	out := map[string][]string{}
	for name, v := range mf.values(cmd) {
		if cmd.Flags().Changed(name) {
			out[name] = v
		}
	}
	return out
}
