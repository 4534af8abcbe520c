package compiler

import "github.com/roundtable-dev/roundtable/compiler/diag"

// standsAlone are the codes of problems within one document or one pack's
// files, true whatever other packs are loaded.
var standsAlone = map[string]bool{
	diag.CodeIO: true, diag.CodeTooLarge: true, diag.CodeUTF8: true, diag.CodeYAMLSyntax: true,
	diag.CodeDuplicateKey: true, diag.CodeAliasBudget: true, diag.CodeTooDeep: true, diag.CodeSymlink: true,
	diag.CodeNotMapping: true, diag.CodeMissingKind: true, diag.CodeUnknownKind: true, diag.CodeWrongType: true,
	diag.CodeOutOfRange: true, diag.CodeUnknownField: true, diag.CodeMissingField: true, diag.CodeBadEnum: true,
	diag.CodeInvalid: true, diag.CodeDuplicateID: true, diag.CodeNoPack: true, diag.CodePack: true,
	diag.CodeWrongGame: true, diag.CodeNoContent: true,
	CodeMissingPack: true, CodeVersion: true, CodeCycle: true,
}

// StandsAlone reports whether a problem of this code holds whatever other
// packs are loaded: what check and the language server keep of a pack whose
// required pack is missing.
func StandsAlone(code string) bool { return standsAlone[code] }
