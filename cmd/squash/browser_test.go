package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/squashgo/squash/internal/report"
	"github.com/squashgo/squash/internal/text"
)

// chromium returns the path of Debian's chromium. Where it is missing the
// test is skipped, with a line that says how to install it, but not in
// CI (.ci/run sets SQUASH_CI), where it must have been installed.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("SQUASH_CI") != "" {
		t.Fatal("chromium is not installed: .ci/run installs it with apt-get install -y chromium")
	}
	t.Skip("chromium is not installed (apt-get install chromium): the page is not tested in a browser")
	return ""
}

// markup is what testdata/xss's allocating line holds.
const markup = `</script><img src=x onerror=alert(1)>`

// TestHTMLInBrowser loads the page of the shared report in headless
// chromium, once, and checks what a person sees there: the benchmarks'
// figures, a site's line with its count, the CPU bar, that sorting works,
// that the page asks the network for nothing, and that markup on a line of
// code is shown as text and runs nothing.
func TestHTMLInBrowser(t *testing.T) {
	exe := chromium(t)
	m := sharedReport(t)
	path := filepath.Join(m.dir, "report.html")
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() >= 1<<20 {
		t.Errorf("the page weighs %d bytes, want under 1 MB", info.Size())
	}
	var rep report.Report
	if data, err := os.ReadFile(filepath.Join(m.dir, "keep", report.KeptReport)); err != nil {
		t.Fatal(err)
	} else if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	simple := rep.Packages[0].Benchmarks[0]

	actx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	defer cancel()
	var mu sync.Mutex
	var requests, dialogs []string
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithListener(func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			requests = append(requests, ev.Request.URL)
		case *page.EventJavascriptDialogOpening:
			dialogs = append(dialogs, ev.Message)
		}
	}))
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()

	url := "file://" + filepath.ToSlash(path)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}

	// The benchmarks' rows, as the report measured them.
	rows := eval(`[...document.querySelectorAll("table.benchmarks tbody tr")].map(r => r.innerText.replace(/\s+/g, " ").trim()).join("\n")`)
	for _, name := range []string{"BenchmarkSimple", "BenchmarkPrealloc", "BenchmarkNoAlloc", "BenchmarkDynamic", "BenchmarkConcurrent", "BenchmarkTag"} {
		if !strings.Contains(rows, name+" ") {
			t.Errorf("no row of %s among the benchmarks:\n%s", name, rows)
		}
	}
	first, _, _ := strings.Cut(rows, "\n")
	if want := fmt.Sprintf("BenchmarkSimple 2 runs of %d ops %s", simple.Iterations, text.Num(simple.NsPerOp)); !strings.HasPrefix(first, want) ||
		!strings.Contains(first, " "+text.Num(simple.BytesPerOp)+" ") || !strings.Contains(first, " "+text.Num(simple.AllocsPerOp)+" ") {
		t.Errorf("BenchmarkSimple's row reads %q, want %q… with %s B/op and %s allocs/op", first, want, text.Num(simple.BytesPerOp), text.Num(simple.AllocsPerOp))
	}

	// The CPU bar of BenchmarkSimple: the allocating and collecting parts
	// as wide as their shares.
	if simple.CPUSamples < 20 {
		t.Errorf("BenchmarkSimple has %d CPU samples, too few for a bar: run it longer", simple.CPUSamples)
	} else {
		bar := eval(`(() => { const s = document.querySelector("table.benchmarks tbody tr svg.cpu"); const w = c => s.querySelector("rect." + c).getBoundingClientRect().width / s.getBoundingClientRect().width; return [s.getAttribute("aria-label"), w("alloc").toFixed(3), w("gc").toFixed(3)].join("|") })()`)
		want := fmt.Sprintf("allocating %.1f%%, collecting %.1f%%, the rest %.1f%%|%.3f|%.3f", 100*simple.AllocCPU, 100*simple.GCCPU, 100*(1-simple.AllocCPUShare), simple.AllocCPU, simple.GCCPU)
		if bar != want {
			t.Errorf("the CPU bar reads %q, want %q", bar, want)
		}
	}

	// Following a site's link shows its line, with its count in the
	// margin and the why and the fix under it. The browser scrolls the
	// line's top to the window's, give or take a fraction of a pixel.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#b0-0 table.sites a[href$="-L35"]`))); err != nil {
		t.Fatalf("clicking the link of decoder.go:35: %v", err)
	}
	line := eval(`(() => { const l = document.querySelector(":target"); const r = l.getBoundingClientRect(); return [r.top > -1 && r.bottom < innerHeight + 1 ? "in view" : "out of view", l.innerText.replace(/\s+/g, " ").trim(), l.nextElementSibling.innerText.replace(/\s+/g, " ").trim()].join("|") })()`)
	var site report.Site
	for _, s := range simple.Sites {
		if s.Line == 35 {
			site = s
		}
	}
	saves := ""
	if v := site.FixSaves; v != nil {
		saves = fmt.Sprintf(" if fixed: saves up to %s allocs/op, %.0f%% of them estimate: and %.1f%% of CPU time (alloc + GC)", text.PerOp(v.AllocsPerOp), 100*v.Share, 100*v.CPUShare)
	}
	if want := fmt.Sprintf("in view|%s %s 35 tokens := strings.Split(s, \" \")|why: allocated inside strings.genSplit, called here fix [stringsseq]: Ranging over SplitSeq is more efficient%s", text.PerOp(site.AllocsPerOp), text.PerOp(site.BytesPerOp), saves); line != want {
		t.Errorf("the line of decoder.go:35 reads\n%q, want\n%q", line, want)
	}

	// Sorting the sites by B/op, most first, then least first.
	bytesCol := func() []string {
		return strings.Split(eval(`[...document.querySelectorAll("#b0-0 table.sites tbody tr")].map(r => r.children[1].innerText).join(",")`), ",")
	}
	sites := slices.Clone(simple.Sites)
	slices.SortStableFunc(sites, func(a, b report.Site) int { return cmp.Compare(b.BytesPerOp, a.BytesPerOp) })
	want := slices.Grow[[]string](nil, len(sites))
	for _, s := range sites {
		want = append(want, text.PerOp(s.BytesPerOp))
	}
	for _, order := range []string{"most first", "least first"} {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#b0-0 table.sites thead th:nth-child(2) button`))); err != nil {
			t.Fatalf("clicking B/op: %v", err)
		}
		if got := bytesCol(); !slices.Equal(got, want) {
			t.Errorf("sorted by B/op, %s: %v, want %v", order, got, want)
		}
		slices.Reverse(want)
	}

	// The markup on testdata/xss's line is text, in the table and in the
	// view of its function, and no element of it was made.
	shown := eval(`[...document.querySelectorAll("#b1-0 code, #b1-0 pre")].map(e => e.textContent).join("\n")`)
	if n := strings.Count(shown, markup); n != 2 {
		t.Errorf("the markup shows as text %d times, want 2 (the site's row and its line):\n%s", n, shown)
	}
	if got := eval(`[document.images.length, document.scripts.length].join(",")`); got != "0,1" {
		t.Errorf("images and scripts: %s, want none and the page's own", got)
	}

	img, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(img)); err != nil {
		t.Errorf("the screenshot is no PNG: %v", err)
	}
	if err := os.WriteFile(filepath.Join(t.TempDir(), "report.png"), img, 0o644); err != nil {
		t.Fatal(err)
	}

	mu.Lock()
	defer mu.Unlock()
	if others := slices.DeleteFunc(slices.Clone(requests), func(u string) bool { return u == url }); len(others) > 0 {
		t.Errorf("the page asked for %q", others)
	}
	if entries := eval(`String(performance.getEntriesByType("resource").length)`); entries != "0" {
		t.Errorf("the page loaded %s resources, want none", entries)
	}
	if len(dialogs) > 0 {
		t.Errorf("the page opened dialogs: %q", dialogs)
	}
}
