# roundtable — common tasks. `make test` is what CI runs.
GO        ?= go
STATICCHECK = $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
FUZZTIME  ?= 60s
# Minimizing a new input counts no executions; a minute of it per input
# stalled FuzzNativeYAML (docs/reliability.md).
FUZZFLAGS ?= -fuzzminimizetime 5s

.PHONY: all build test gen check bench lint fuzz fuzz-positions fmt man release-check

# Tools run from the Go module proxy at pinned versions (docs/design.md says why each).
GORELEASER = $(GO) run github.com/goreleaser/goreleaser/v2@v2.15.1
ACTIONLINT = $(GO) run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

all: build test

build:
	$(GO) build ./...

## test: vet, the whole test suite (fuzz seeds included) and the generated-code freshness gate.
test:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -timeout 30m ./...
	$(GO) run ./cmd/roundtable gen --check
	$(GO) run ./cmd/roundtable fmt --check content examples

# The games' table packages, from the tree (docs/adding-a-game.md).
TABLES := $(sort $(wildcard engine/*/table))

## gen: regenerate the table packages' constant names (goconsts.go) and
## generated/ from the embedded base content.
gen:
	$(GO) run ./compiler/emit/constgen $(TABLES)
	$(GO) run ./cmd/roundtable gen
	$(GO) run ./cmd/roundtable gen examples/annas-expansion/pack --out examples/annas-expansion/valm --package valm

## check: check the embedded base content, warnings included.
check:
	$(GO) run ./cmd/roundtable check --strict

## bench: run the Go benchmarks, then bench/report.sh: check, the yaml.v3
## floor, cue vet and gen at 1k/10k/100k units (BENCH_SIZES to change).
BENCH_SIZES ?= 1000 10000 100000
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	bash bench/report.sh $(BENCH_SIZES)

## lint: gofmt, go vet and staticcheck.
lint:
	@test -z "$$(gofmt -l .)" || (gofmt -l . && exit 1)
	$(GO) vet ./...
	$(STATICCHECK) ./...

## fuzz-positions: every engine's position reader and one policy step,
## fuzzed for POSITION_FUZZTIME each (CI runs it: .ci/run).
POSITION_FUZZTIME ?= 10s
fuzz-positions:
	@for e in $$(ls -d engine/*/ | xargs -n1 basename); do \
	  if grep -qs 'func FuzzLoadPosition' engine/$$e/*_test.go; then \
	    $(GO) test ./engine/$$e -run '^$$' -fuzz '^FuzzLoadPosition$$' -fuzztime $(POSITION_FUZZTIME) $(FUZZFLAGS) || exit 1; \
	  fi; \
	done

## fuzz: fuzz the YAML source stage, the parse cache, the native validator
## against CUE, fmt, the Go printer against go/format, the games'
## mini-languages (the dice-area language among them), each game's position
## reader with a policy step, positions and action lists of every game, the card importer, the skill-text compiler and the
## LSP's document edits for real (FUZZTIME each); then 5,000 seeded Cipher
## games between decks of imported cards and the long kill -9 test of gen.
fuzz:
	$(GO) test ./compiler/source -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/source -run '^$$' -fuzz FuzzOffsetPos -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/source -run '^$$' -fuzz FuzzCacheRoundTrip -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/source -run '^$$' -fuzz FuzzDecodeAgreesWithYAML -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/yamlfmt -run '^$$' -fuzz FuzzFormat -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/emit -run '^$$' -fuzz FuzzPrinterMatchesGofmt -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/tablebattles -run '^$$' -fuzz FuzzMiniLanguages -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/cueval -run '^$$' -fuzz FuzzNativeMutatedContent -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/cueval -run '^$$' -fuzz FuzzNativeAgreesWithCUE -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/cueval -run '^$$' -fuzz FuzzNativeYAML -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./engine/annas -run '^$$' -fuzz FuzzLoadPosition -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./engine/battlecrest -run '^$$' -fuzz FuzzLoadPosition -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./engine/fecipher -run '^$$' -fuzz FuzzLoadPosition -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./engine/tablebattles -run '^$$' -fuzz FuzzLoadPosition -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./engine/tropera -run '^$$' -fuzz FuzzLoadPosition -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./games/all -run '^$$' -fuzz FuzzPositionsAndActions -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/fecipher/cardlist -run '^$$' -fuzz FuzzImport -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/fecipher/skill -run '^$$' -fuzz FuzzCompile -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./compiler/lsp -run '^$$' -fuzz FuzzDocumentEdits -fuzztime $(FUZZTIME) $(FUZZFLAGS)
	$(GO) test ./games/fecipher -run '^TestPropertyImportedDecks$$' -fec.imported 5000 -timeout 30m
	$(GO) test ./cmd/roundtable/cli -run '^TestGenKilled$$' -gen.kills 400 -gen.builds 4 -timeout 60m -v

fmt:
	gofmt -w .

## man: man pages of every command into man/ (roundtable man DIR).
man:
	$(GO) run ./cmd/roundtable man man

## release-check: GoReleaser validates .goreleaser.yaml (no build, no
## publishing); actionlint checks the workflows and, through them, action.yml
## (with shellcheck on run: scripts when it is installed; .ci/run installs it).
release-check:
	$(GORELEASER) check
	$(ACTIONLINT)
