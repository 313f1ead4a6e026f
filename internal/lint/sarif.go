package lint

import (
	"strings"
	"unicode"

	"github.com/squashgo/squash/internal/noalloc"
	"github.com/squashgo/squash/internal/sarif"
)

// sarifLog returns the findings as a SARIF log of tool over the module at
// root, with a rule for each analyzer that cfg runs.
func sarifLog(cfg Config, tool sarif.Tool, root string, findings []Finding) *sarif.Log {
	var rules []sarif.Rule
	for _, a := range Suite() {
		if !runs(cfg.Analyzers, a.Name) {
			continue
		}
		short, _, _ := strings.Cut(a.Doc, "\n")
		short = strings.TrimPrefix(short, a.Name+": ")
		url := a.URL
		if url == "" && strings.IndexFunc(a.Name, unicode.IsLower) < 0 {
			url = "https://staticcheck.dev/docs/checks/#" + a.Name // staticcheck's, whose analyzers name no URL
		}
		rules = append(rules, sarif.Rule{ID: a.Name, Short: short, Help: a.Doc, HelpURI: url, Level: "error"})
	}
	if runs(cfg.Analyzers, noallocName) {
		rules = append(rules, noalloc.Rule)
	}
	log := sarif.New(tool, root, rules)
	for _, f := range findings {
		r := sarif.Result{Rule: f.Pass, Message: f.Message, File: f.File, Line: f.Line, Col: f.Col, EndLine: f.EndLine, EndCol: f.endCol}
		if f.Fix != "" && len(f.edits) > 0 {
			fix := sarif.Fix{Description: f.Fix}
			for _, e := range f.edits {
				fix.Edits = append(fix.Edits, sarif.Edit{File: e.Filename, Start: e.Start, End: e.End, New: e.New})
			}
			r.Fixes = []sarif.Fix{fix}
		}
		log.Add(r)
	}
	return log
}
