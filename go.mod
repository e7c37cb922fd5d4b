module github.com/pressrun/pressrun

go 1.26.8

require golang.org/x/sync v0.24.0

require (
	github.com/go-pdf/fpdf v0.9.0 // indirect
	golang.org/x/image v0.47.0 // indirect
)
