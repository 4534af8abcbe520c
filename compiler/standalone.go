package compiler

import (
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// standsAlone are the codes of problems within one document or one pack's
// files, true whatever other packs are loaded.
var standsAlone = map[string]bool{
	diag.CodeIO.ID: true, diag.CodeTooLarge.ID: true, diag.CodeUTF8.ID: true, diag.CodeYAMLSyntax.ID: true,
	diag.CodeDuplicateKey.ID: true, diag.CodeAliasBudget.ID: true, diag.CodeTooDeep.ID: true, diag.CodeSymlink.ID: true, diag.CodeSymlinkDir.ID: true,
	diag.CodeNotMapping.ID: true, diag.CodeMissingKind.ID: true, diag.CodeUnknownKind.ID: true, diag.CodeWrongType.ID: true,
	diag.CodeOutOfRange.ID: true, diag.CodeUnknownField.ID: true, diag.CodeMissingField.ID: true, diag.CodeBadEnum.ID: true,
	diag.CodeInvalid.ID: true, diag.CodeDuplicateID.ID: true, diag.CodeNoPack.ID: true, diag.CodePack.ID: true,
	diag.CodeWrongGame.ID: true, diag.CodeNoContent.ID: true,
	CodeMissingPack.ID: true, CodeVersion.ID: true, CodeCycle.ID: true,
}

// StandsAlone reports whether a problem of this code holds whatever other
// packs are loaded: what check and the language server keep of a pack whose
// required pack is missing.
func StandsAlone(code string) bool { return standsAlone[code] }

// QuietFetched drops the warnings about files of fetched packs (Fetched):
// a locked dependency's warnings are for its own author, who sees them in
// its own check; its errors stay, since they break this build too.
func QuietFetched(packs []*Pack, diags diag.List) diag.List {
	var dirs []string
	for _, p := range packs {
		if p.Fetched && p.Dir != "" {
			dirs = append(dirs, strings.TrimSuffix(p.Dir, "/")+"/")
		}
	}
	if len(dirs) == 0 {
		return diags
	}
	return slices.DeleteFunc(diags, func(d diag.Diagnostic) bool {
		return d.Severity == diag.Warning && slices.ContainsFunc(dirs, func(dir string) bool { return strings.HasPrefix(d.Pos.File, dir) })
	})
}
