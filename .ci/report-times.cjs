// Prints each vitest run's wall time and its slowest files, from the JSON reports CI writes (vitest.config.ts).
const fs = require('fs');
const dir = process.argv[2];
for (const f of fs.readdirSync(dir).sort()) {
  const r = JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8'));
  const files = r.testResults.map((t) => ({
    name: t.name.replace(process.cwd() + '/', ''),
    ms: t.endTime - t.startTime,
  }));
  const end = Math.max(...r.testResults.map((t) => t.endTime));
  const project = files[0]?.name.includes('.spec.') ? 'e2e' : files[0]?.name.includes('.int.') ? 'integration' : 'unit';
  console.log(`ci: ${project} (${f}): ${files.length} files, ${Math.round((end - r.startTime) / 1000)} s wall`);
  for (const x of files.sort((a, b) => b.ms - a.ms).slice(0, 8))
    console.log(`    ${(x.ms / 1000).toFixed(1).padStart(7)} s  ${x.name}`);
}
