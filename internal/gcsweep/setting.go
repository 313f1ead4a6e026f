package gcsweep

import (
	"fmt"
	"strconv"
	"strings"
)

// A Setting is one configuration of the collector: GOGC and GOMEMLIMIT
// as the runtime reads them from the environment; "" leaves one unset.
type Setting struct {
	GOGC       string `json:"gogc,omitempty"`
	GOMEMLIMIT string `json:"gomemlimit,omitempty"`
}

// String returns the setting as environment variables: "GOGC=100
// GOMEMLIMIT=64MiB".
func (s Setting) String() string {
	var parts []string
	if s.GOGC != "" {
		parts = append(parts, "GOGC="+s.GOGC)
	}
	if s.GOMEMLIMIT != "" {
		parts = append(parts, "GOMEMLIMIT="+s.GOMEMLIMIT)
	}
	if len(parts) == 0 {
		return "default"
	}
	return strings.Join(parts, " ")
}

// env returns the setting's environment, with gctrace on. An unset knob
// is set to its default, so that the user's environment does not leak
// into the sweep.
func (s Setting) env() []string {
	gogc, limit := s.GOGC, s.GOMEMLIMIT
	if gogc == "" {
		gogc = "100"
	}
	if limit == "" {
		limit = "off"
	}
	return []string{"GOGC=" + gogc, "GOMEMLIMIT=" + limit, "GODEBUG=gctrace=1"}
}

// DefaultGOGC are the GOGC values a sweep runs unless told others.
var DefaultGOGC = []string{"25", "50", "100", "200", "400", "off"}

// ParseGOGC reads a comma-separated list of GOGC values: percentages
// above zero, or off.
func ParseGOGC(list string) ([]string, error) {
	var out []string
	for v := range strings.SplitSeq(list, ",") {
		v = strings.TrimSpace(v)
		if v == "off" {
			out = append(out, v)
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("-gogc %q: %q is not a GOGC value: give percentages above 0 or off, separated by commas, such as 50,100,200,off", list, v)
		}
		out = append(out, strconv.Itoa(n))
	}
	return out, nil
}

// ParseMemLimit reads a comma-separated list of GOMEMLIMIT values: a whole
// number of bytes with an optional unit, B, KiB, MiB, GiB or TiB, as the
// runtime reads them, or off.
func ParseMemLimit(list string) ([]string, error) {
	var out []string
	for v := range strings.SplitSeq(list, ",") {
		v = strings.TrimSpace(v)
		if v != "off" && !byteCount(v) {
			return nil, fmt.Errorf("-memlimit %q: %q is not a GOMEMLIMIT value: give sizes such as 64MiB or 1GiB, or off, separated by commas", list, v)
		}
		out = append(out, v)
	}
	return out, nil
}

// byteCount reports whether s is a size the runtime takes for GOMEMLIMIT,
// and above zero: a limit of nothing collects without end.
func byteCount(s string) bool {
	num := s
	for _, unit := range []string{"KiB", "MiB", "GiB", "TiB", "B"} {
		if n, ok := strings.CutSuffix(s, unit); ok {
			num = n
			break
		}
	}
	n, err := strconv.ParseUint(num, 10, 63)
	return err == nil && n > 0 && !strings.HasPrefix(num, "+")
}

// Settings returns the settings of a sweep: each GOGC value, with each
// GOMEMLIMIT value if there are any, GOMEMLIMIT first.
func Settings(gogc, memlimit []string) []Setting {
	if len(memlimit) == 0 {
		memlimit = []string{""}
	}
	var out []Setting
	for _, m := range memlimit {
		for _, g := range gogc {
			out = append(out, Setting{GOGC: g, GOMEMLIMIT: m})
		}
	}
	return out
}
