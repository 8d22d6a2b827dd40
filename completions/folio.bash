# folio.bash: bash completion for the folio command. Installed as
# share/bash-completion/completions/folio (loaded on demand by the
# bash-completion package); or source it from ~/.bashrc.
# Keep the option lists in step with 'folio COMMAND --help':
# tests/cli/T120-install.sh checks them.

_folio()
{
	local cur prev cmd i
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}

	# The command is the first word after "folio" that is not an option.
	cmd=
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done

	if [[ -z $cmd ]]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
		else
			COMPREPLY=($(compgen -W 'index search similar stats check help' -- "$cur"))
		fi
		return
	fi

	case $prev in
	--db)
		COMPREPLY=($(compgen -d -- "$cur"))
		return ;;
	--language)
		COMPREPLY=($(compgen -W 'none arabic armenian basque catalan
			danish dutch english finnish french german greek hindi
			hungarian indonesian irish italian lithuanian nepali
			norwegian porter portuguese romanian russian serbian
			spanish swedish tamil turkish yiddish' -- "$cur"))
		return ;;
	--sort)
		COMPREPLY=($(compgen -W 'relevance newest oldest' -- "$cur"))
		return ;;
	--limit | --offset | --threads | --shards | --since | --until | --timeout | --time-limit)
		return ;;
	esac

	case $cmd in
	index)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--db --language --rebuild --no-delete --threads --shards --wait --progress --quiet --json --help' -- "$cur"))
		else
			# Directories, topic pages and JSON Lines files.
			local IFS=$'\n'
			COMPREPLY=($(compgen -d -- "$cur")
			           $(compgen -f -X '!*.md' -- "$cur")
			           $(compgen -f -X '!*.jsonl' -- "$cur"))
			compopt -o filenames 2>/dev/null
		fi ;;
	search)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--db --limit --offset --sort --since
				--until --all --any --strict --facets --exhaustive
				--explain --json --stdin --remote --timeout --allow-partial
				--help' -- "$cur"))
		fi ;;
	similar)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--db --limit --offset --sort --since
				--until --facets --exhaustive --explain --json --help' -- "$cur"))
		fi ;;
	stats)
		[[ $cur == -* ]] && COMPREPLY=($(compgen -W '--db --json --help' -- "$cur")) ;;
	check)
		[[ $cur == -* ]] && COMPREPLY=($(compgen -W '--db --time-limit --all --json --help' -- "$cur")) ;;
	help)
		COMPREPLY=($(compgen -W 'index search similar stats check' -- "$cur")) ;;
	esac
}
complete -F _folio folio
