// SESteps (scripts/build-raters builds it as bin/se121-steps) is a peer tool, not part of pressrun: it drives Sudoku Explainer 1.2.1.3 (LGPL) from its jar.
import diuf.sudoku.*;
import diuf.sudoku.solver.*;
import java.io.*;
import java.lang.reflect.*;
import java.util.*;

// SESteps prints Sudoku Explainer 1.2.1's solve of each puzzle of standard
// input, a step a line: its rating, the rule's name and the hint. It walks
// the producers as Solver.getDifficulty does (serate's rating).
public class SESteps {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.length() < 81)
                continue;
            Grid grid = new Grid();
            for (int i = 0; i < 81; i++) {
                char ch = line.charAt(i);
                if (ch >= '1' && ch <= '9')
                    grid.setCellValue(i % 9, i / 9, ch - '0');
            }
            Solver solver = new Solver(grid);
            solver.rebuildPotentialValues();
            List<List<?>> producers = new ArrayList<List<?>>();
            for (String name : new String[] {"directHintProducers", "indirectHintProducers", "chainingHintProducers",
                    "chainingHintProducers2", "advancedHintProducers", "experimentalHintProducers"}) {
                Field f = Solver.class.getDeclaredField(name);
                f.setAccessible(true);
                producers.add((List<?>) f.get(solver));
            }
            System.out.println(line.substring(0, 81));
            int n = 0;
            Method solved = Solver.class.getDeclaredMethod("isSolved");
            solved.setAccessible(true);
            while (!(Boolean) solved.invoke(solver)) {
                SingleHintAccumulator accu = new SingleHintAccumulator();
                try {
                    for (List<?> list : producers)
                        for (Object p : list)
                            ((HintProducer) p).getHints(grid, accu);
                } catch (InterruptedException done) {
                }
                Hint hint = accu.getHint();
                if (hint == null) {
                    System.out.println("  no step");
                    break;
                }
                Rule rule = (Rule) hint;
                System.out.printf(Locale.ROOT, "  %d %.1f %s: %s%n", ++n, rule.getDifficulty(), rule.getName(), hint.toString());
                hint.apply();
            }
        }
    }
}
