// Entry of the `cstudio` child processes the fault suite starts (and kills): the same main() as the binary.
import { main } from '../../../../src/cli/main';

main(process.argv.slice(2));
