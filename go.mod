module github.com/pressrun/pressrun

go 1.26.8
