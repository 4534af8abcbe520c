package compiler

// The cache layers' hooks (the package doc says what each layer keeps):
// each names its layer, the boundary and what it does there.

// boundary is where a hook runs: at the start or the end of the compile,
// or before or after a stage.
type boundary int

const (
	atStart boundary = iota
	before
	after
	atEnd
)

// cacheHook is one layer's work at one boundary.
type cacheHook struct {
	Layer string // "file", "build record" or "memo"
	At    boundary
	Stage string // the stage, before or after
	Run   func(*compilation)
}

// cacheHooks run in this order at each boundary.
var cacheHooks = []cacheHook{
	{Layer: "build record", At: atStart, Run: (*compilation).startRecord},
	{Layer: "file", At: before, Stage: "validate", Run: (*compilation).validationsFromFiles},
	{Layer: "file", At: after, Stage: "validate", Run: (*compilation).validationsToFiles},
	{Layer: "build record", At: after, Stage: "validate", Run: (*compilation).recordValidations},
	{Layer: "build record", At: after, Stage: "stubs", Run: (*compilation).replayOrRecord},
	{Layer: "memo", At: after, Stage: "link", Run: (*compilation).openMemo},
	{Layer: "build record", At: after, Stage: "build", Run: (*compilation).storeRecord},
	{Layer: "memo", At: after, Stage: "build", Run: (*compilation).saveMemo},
	{Layer: "file", At: atEnd, Run: (*compilation).saveFiles},
}

// compileCaches is the cache layers' state in one compile.
type compileCaches struct {
	cut   *cutoff      // the build record's key, nil without a store
	files []cachedFile // files whose validation results validate makes
}

// hooks runs the hooks of a boundary.
func (c *compilation) hooks(at boundary, stage string) {
	for _, h := range cacheHooks {
		if h.At == at && h.Stage == stage {
			h.Run(c)
		}
	}
}
