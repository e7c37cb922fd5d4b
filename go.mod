module github.com/pressrun/pressrun

go 1.26.8

require (
	github.com/go-pdf/fpdf v0.9.0
	github.com/mattn/go-sqlite3 v1.14.53
	golang.org/x/image v0.47.0
	golang.org/x/sync v0.24.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
