package report

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestWriteHTML: the page holds what the text report says, in tables that
// need no script, and each site's function with the site's figures in the
// margin of its line.
func TestWriteHTML(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "dec.go")
	code := "package dec\n\nfunc Simple(s string) []string {\n\tparts := strings.Split(s, \" \")\n\treturn parts\n}\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	r := sampleReport()
	b := &r.Packages[0].Benchmarks[0]
	b.NsPerOpRuns, b.BytesPerOpRuns, b.AllocsPerOpRuns, b.Runs = []float64{2410, 2300, 2600}, []float64{1080, 1080, 1080}, []float64{64, 64, 64}, 3
	b.Sites[1].abs, b.Sites[1].Line = src, 4
	b.Sites[1].Findings = []Finding{{Pass: "stringsseq", Message: "Ranging over SplitSeq is more efficient"}}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	flat := regexp.MustCompile(`\s+`).ReplaceAllString(page, " ")
	for _, want := range []string{
		// The benchmark's row: its figures, with the spread of its runs.
		`<a href="#b0-0">BenchmarkSimple</a><span class="runs">3 runs of 500000 ops</span>`,
		`<td class="n">2410<span class="range">2300 – 2600</span></td>`,
		// Runs that agree have no range.
		`<td class="n">1080</td>`,
		// The CPU split, as a bar and in words.
		`aria-label="allocating 30.0%, collecting 11.0%, the rest 59.0%"`,
		// A site's row links to its line in its function's view.
		`<a href="#b0-0-src0-L4">dec/dec.go:4</a>`,
		// The line has the site's figures in its margin, and its notes
		// under it.
		`<tr class="heat1" id="b0-0-src0-L4"><td class="n">1</td><td class="n">896</td><td class="n ln">4</td><td><pre> parts := strings.Split(s, &#34; &#34;)</pre></td></tr>`,
		`<li><b>fix [stringsseq]:</b> Ranging over SplitSeq is more efficient</li>`,
		`<td class="n ln">3</td><td><pre>func Simple(s string) []string {</pre>`,
		"No allocations per op.",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(flat, "dec/dec.go:27</a>") {
		t.Error("a site whose source was not read links to a view")
	}
}

// TestWriteHTMLEscapes: markup in the code, in the compiler's words or in
// a benchmark's output is shown as text, and the page's policy lets only
// its own style and script run, and nothing load.
func TestWriteHTMLEscapes(t *testing.T) {
	const markup = `</script><img src=x onerror=alert(1)>`
	r := sampleReport()
	b := &r.Packages[0].Benchmarks[0]
	b.Sites[0].Code = `s := "` + markup + `" + name`
	b.Sites[0].Reasons[0].Summary = markup + " escapes to heap"
	b.Sites[0].Function = "example.com/m/dec." + markup
	r.Packages[0].Failed = []Failure{{Name: "BenchmarkX", Output: markup}}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if strings.Contains(page, "<img") || strings.Contains(page, "onerror=alert(1)>") {
		t.Errorf("the page holds the markup as markup:\n%s", page)
	}
	if n := strings.Count(page, "&lt;img src=x onerror=alert(1)&gt;"); n < 4 {
		t.Errorf("the markup is shown escaped %d times, want 4 (code, why, function, output)", n)
	}
	if n := strings.Count(page, "<script"); n != 1 {
		t.Errorf("%d scripts, want the page's own", n)
	}
	policy := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; script-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:">`)
	if !policy.MatchString(html.UnescapeString(page)) {
		t.Errorf("the page has no policy that allows only its own style and script")
	}
	if strings.Contains(page, "http://") || strings.Contains(page, "https://") || regexp.MustCompile(`<[^>]* (src|href)="[^#]`).MatchString(page) {
		t.Error("the page names something to load")
	}
}

// TestPageTemplateHashes: the hashes in the policy are of the style and the
// script as the page holds them, or the browser would refuse both.
func TestPageTemplateHashes(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteHTML(&buf, &Report{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	style := page[strings.Index(page, "<style>")+len("<style>") : strings.Index(page, "</style>")]
	script := page[strings.Index(page, "<script>")+len("<script>") : strings.Index(page, "</script>")]
	for _, h := range []string{hash(style), hash(script)} {
		if !strings.Contains(html.UnescapeString(page), h) {
			t.Errorf("the policy lacks %s", h)
		}
	}
}
