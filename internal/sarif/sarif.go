// Package sarif writes SARIF 2.1.0 logs, the format that GitHub code
// scanning and other viewers of static analysis results read. A Log holds
// one run of one tool: its rules and their results. Files are named
// relative to the module root, under the base id SRCROOT. The log maps that
// id to the root's absolute URI, for a viewer that has no checkout.
package sarif

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/squashgo/squash/internal/text"
)

// Schema is the URI of the SARIF 2.1.0 JSON schema, which a log names.
const Schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// rootID is the base id of the files under the module root.
const rootID = "SRCROOT"

// A Tool is the program that made a log.
type Tool struct {
	Name, Version, InformationURI string
}

// A Rule is what one kind of result means: an analyzer, or a check.
type Rule struct {
	ID      string
	Short   string // one line
	Help    string // what it reports, why, and what to do; plain text
	HelpURI string
	Level   string // of its results: "error", "warning" or "note"
}

// A Result is one finding of a rule, at a place in a file.
type Result struct {
	Rule    string // the ID of a Rule of the log
	Level   string // "" for the rule's
	Message string
	File    string // absolute; "" for none
	// Line and Col are where the finding starts, and EndLine and EndCol
	// where it ends, 1-based, 0 when unknown. Columns count bytes, as
	// Go's positions do; the log counts code points.
	Line, Col, EndLine, EndCol int
	Fixes                      []Fix
}

// A Fix is a change of files that would settle a result.
type Fix struct {
	Description string
	Edits       []Edit
}

// An Edit replaces bytes Start to End of File, an absolute path, by New.
type Edit struct {
	File       string
	Start, End int
	New        string
}

// A Log is one run of a tool, which Write prints. It is not safe for
// concurrent use.
type Log struct {
	tool    Tool
	root    string
	rules   []Rule
	results []Result
	// ReadFile reads a file to count the code points of its columns; nil
	// means os.ReadFile.
	ReadFile func(string) ([]byte, error)
}

// New returns a log of tool's run over the module at root, whose results
// are of rules.
func New(tool Tool, root string, rules []Rule) *Log {
	return &Log{tool: tool, root: root, rules: rules}
}

// Add adds a result to the log.
func (l *Log) Add(r Result) { l.results = append(l.results, r) }

// Write prints the log as indented JSON.
func (l *Log) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(l.build())
}

// The types below are the parts of the SARIF object model that a Log
// fills, with the schema's names.
type (
	sarifLog struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}
	run struct {
		Tool               tool                        `json:"tool"`
		OriginalURIBaseIDs map[string]artifactLocation `json:"originalUriBaseIds,omitempty"`
		ColumnKind         string                      `json:"columnKind"`
		Results            []result                    `json:"results"`
	}
	tool struct {
		Driver driver `json:"driver"`
	}
	driver struct {
		Name           string       `json:"name"`
		Version        string       `json:"version,omitempty"`
		InformationURI string       `json:"informationUri,omitempty"`
		Rules          []descriptor `json:"rules"`
	}
	descriptor struct {
		ID                   string        `json:"id"`
		Name                 string        `json:"name"`
		ShortDescription     message       `json:"shortDescription"`
		Help                 message       `json:"help"`
		HelpURI              string        `json:"helpUri,omitempty"`
		DefaultConfiguration configuration `json:"defaultConfiguration"`
	}
	configuration struct {
		Level string `json:"level"`
	}
	message struct {
		Text string `json:"text"`
	}
	result struct {
		RuleID    string     `json:"ruleId"`
		RuleIndex int        `json:"ruleIndex"`
		Level     string     `json:"level,omitempty"`
		Message   message    `json:"message"`
		Locations []location `json:"locations,omitempty"`
		Fixes     []fix      `json:"fixes,omitempty"`
	}
	location struct {
		PhysicalLocation physicalLocation `json:"physicalLocation"`
	}
	physicalLocation struct {
		ArtifactLocation artifactLocation `json:"artifactLocation"`
		Region           *region          `json:"region,omitempty"`
	}
	artifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	region struct {
		StartLine   int  `json:"startLine,omitempty"`
		StartColumn int  `json:"startColumn,omitempty"`
		EndLine     int  `json:"endLine,omitempty"`
		EndColumn   int  `json:"endColumn,omitempty"`
		ByteOffset  *int `json:"byteOffset,omitempty"`
		ByteLength  *int `json:"byteLength,omitempty"`
	}
	fix struct {
		Description     message          `json:"description"`
		ArtifactChanges []artifactChange `json:"artifactChanges"`
	}
	artifactChange struct {
		ArtifactLocation artifactLocation `json:"artifactLocation"`
		Replacements     []replacement    `json:"replacements"`
	}
	replacement struct {
		DeletedRegion   region  `json:"deletedRegion"`
		InsertedContent message `json:"insertedContent"`
	}
)

func (l *Log) build() sarifLog {
	r := run{
		Tool:       tool{Driver: driver{Name: l.tool.Name, Version: l.tool.Version, InformationURI: l.tool.InformationURI, Rules: []descriptor{}}},
		ColumnKind: "unicodeCodePoints",
		Results:    []result{},
	}
	if l.root != "" {
		root := (&url.URL{Scheme: "file", Path: filepath.ToSlash(l.root) + "/"}).String()
		r.OriginalURIBaseIDs = map[string]artifactLocation{rootID: {URI: root}}
	}
	index := make(map[string]int, len(l.rules))
	for i, rule := range l.rules {
		index[rule.ID] = i
		r.Tool.Driver.Rules = append(r.Tool.Driver.Rules, descriptor{
			ID: rule.ID, Name: rule.ID,
			ShortDescription:     message{rule.Short},
			Help:                 message{rule.Help},
			HelpURI:              rule.HelpURI,
			DefaultConfiguration: configuration{rule.Level},
		})
	}
	lines := &sources{read: l.ReadFile, files: map[string][][]byte{}}
	for _, res := range l.results {
		out := result{RuleID: res.Rule, RuleIndex: index[res.Rule], Level: res.Level, Message: message{res.Message}}
		if res.File != "" {
			loc := physicalLocation{ArtifactLocation: l.artifact(res.File)}
			if res.Line > 0 {
				loc.Region = &region{
					StartLine:   res.Line,
					StartColumn: lines.column(res.File, res.Line, res.Col),
					EndLine:     res.EndLine,
					EndColumn:   lines.column(res.File, res.EndLine, res.EndCol),
				}
			}
			out.Locations = []location{{PhysicalLocation: loc}}
		}
		for _, f := range res.Fixes {
			out.Fixes = append(out.Fixes, l.fix(f))
		}
		r.Results = append(r.Results, out)
	}
	return sarifLog{Schema: Schema, Version: "2.1.0", Runs: []run{r}}
}

// artifact returns the location of the absolute path file: relative to the
// module root under its base id, or its absolute URI outside it.
func (l *Log) artifact(file string) artifactLocation {
	if rel, ok := text.Within(l.root, file); ok {
		return artifactLocation{URI: (&url.URL{Path: rel}).String(), URIBaseID: rootID}
	}
	return artifactLocation{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()}
}

// fix returns f with its edits grouped by file, in their order.
func (l *Log) fix(f Fix) fix {
	out := fix{Description: message{f.Description}, ArtifactChanges: []artifactChange{}}
	at := map[string]int{}
	for _, e := range f.Edits {
		i, ok := at[e.File]
		if !ok {
			i = len(out.ArtifactChanges)
			at[e.File] = i
			out.ArtifactChanges = append(out.ArtifactChanges, artifactChange{ArtifactLocation: l.artifact(e.File), Replacements: []replacement{}})
		}
		offset, length := e.Start, max(0, e.End-e.Start)
		out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements, replacement{
			DeletedRegion:   region{ByteOffset: &offset, ByteLength: &length},
			InsertedContent: message{e.New},
		})
	}
	return out
}

// sources reads files once each to count their columns.
type sources struct {
	read  func(string) ([]byte, error)
	files map[string][][]byte
}

// column returns the 1-based column, in code points, of the byte column
// col of line in file; 0 when col is 0, and col itself when the file
// cannot be read as the position expects.
func (s *sources) column(file string, line, col int) int {
	if line < 1 || col < 1 {
		return 0
	}
	lines, ok := s.files[file]
	if !ok {
		read := s.read
		if read == nil {
			read = os.ReadFile
		}
		if data, err := read(file); err == nil {
			lines = bytes.Split(data, []byte("\n"))
		}
		s.files[file] = lines
	}
	if line > len(lines) || col-1 > len(lines[line-1]) {
		return col
	}
	return utf8.RuneCount(lines[line-1][:col-1]) + 1
}
