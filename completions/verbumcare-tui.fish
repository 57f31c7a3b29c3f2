function __verbumcare-tui_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __verbumcare-tui_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __verbumcare-tui_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __verbumcare-tui_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __verbumcare-tui_parse_tokens -S
    set -l unparsed_tokens (__verbumcare-tui_tokens -pc)
    switch $unparsed_tokens[1]
    case 'verbumcare-tui'
        __verbumcare-tui_parse_subcommand 0 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'status'
            __verbumcare-tui_parse_subcommand 0 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'check'
            __verbumcare-tui_parse_subcommand 1 'all' 'json' 'format=' 'output=' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'validate'
            __verbumcare-tui_parse_subcommand 1 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'servers'
            __verbumcare-tui_parse_subcommand 0 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'settings'
            __verbumcare-tui_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'show'
                __verbumcare-tui_parse_subcommand 0 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            case 'set'
                __verbumcare-tui_parse_subcommand -r 2 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            case 'add-custom'
                __verbumcare-tui_parse_subcommand 1 'require-reachable' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            case 'remove-custom'
                __verbumcare-tui_parse_subcommand 1 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            case 'reset'
                __verbumcare-tui_parse_subcommand 0 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            end
        case 'lang'
            __verbumcare-tui_parse_subcommand 1 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'paths'
            __verbumcare-tui_parse_subcommand 0 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'doctor'
            __verbumcare-tui_parse_subcommand 0 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'login'
            __verbumcare-tui_parse_subcommand 1 'user=' 'password-stdin' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'logout'
            __verbumcare-tui_parse_subcommand 1 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'monitor'
            __verbumcare-tui_parse_subcommand 0 'textfile=' 'status-page=' 'once' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'history'
            __verbumcare-tui_parse_subcommand 1 'window=' 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'mute'
            __verbumcare-tui_parse_subcommand 1 'all' 'for=' 'reason=' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'unmute'
            __verbumcare-tui_parse_subcommand 1 'all' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'alerts'
            __verbumcare-tui_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'test'
                __verbumcare-tui_parse_subcommand 0 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            end
        case 'drill'
            __verbumcare-tui_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'start'
                __verbumcare-tui_parse_subcommand 0 'server=' 'scenario=' 'for=' 'participants=' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            case 'ack'
                __verbumcare-tui_parse_subcommand 0 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            case 'end'
                __verbumcare-tui_parse_subcommand 0 'note=' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            case 'status'
                __verbumcare-tui_parse_subcommand 0 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            end
        case 'incidents'
            __verbumcare-tui_parse_subcommand 1 'since=' 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'incident'
            __verbumcare-tui_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'note'
                __verbumcare-tui_parse_subcommand 2 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
            end
        case 'report'
            __verbumcare-tui_parse_subcommand 0 'from=' 'to=' 'format=' 'output=' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'fleet'
            __verbumcare-tui_parse_subcommand 0 'prometheus=' 'token-file=' 'json' 'home=' 'env=' 'lang=' 'cacert=' 'connect-to=+' 'no-color' 'plain' 'version' 'h/help'
        case 'help'
            __verbumcare-tui_parse_subcommand -r 1 'version'
        end
    end
end

function __verbumcare-tui_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __verbumcare-tui_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __verbumcare-tui_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __verbumcare-tui_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__verbumcare-tui_tokens -p)
    if test -z "$(__verbumcare-tui_tokens -t)"
        set -l index (count (__verbumcare-tui_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'verbumcare-tui' -f
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'status' -d 'Test the server in use once and print its status'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'check' -d 'Test one server and print every check with timings'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'validate' -d 'Check a server address without contacting it'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'servers' -d 'List the built-in and custom servers'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'settings' -d 'Show or change the settings file'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'lang' -d 'Print or set the display language'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'paths' -d 'Print the file paths in use'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'doctor' -d 'Check this machine for what the app needs (mDNS, CA bundle, terminal, settings, clock)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'login' -d 'Sign in to a server (default: the current one)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'logout' -d 'Sign out of a server (default: the current one)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'monitor' -d 'Watch every server without a screen: record history, send alerts'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'history' -d 'Show uptime, response-time percentiles and incidents per server'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'mute' -d 'Hold a server\'s alerts (or all with --all) for a while; probing and history go on'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'unmute' -d 'End a mute; what changed meanwhile and is still true is alerted now'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'alerts' -d 'Alerts: send a test through every hook and webhook'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'drill' -d 'Run a BCP drill: the recorder treats a server as failing, without touching it'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'incidents' -d 'List incidents with their ids'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'incident' -d 'Add notes to incidents'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'report' -d 'Write the BCP record (incidents, alerts, drills) as md, csv, html or json'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'fleet' -d 'Show every facility\'s box from the central Prometheus'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" all' -l 'all' -d 'Test every known server at once'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" format' -l 'format' -d 'Output format: text, json, nagios or openmetrics' -rfka 'text json nagios openmetrics'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" output' -l 'output' -d 'Write the output to this file atomically (for a textfile collector)' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui servers" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui settings" -eq 1' -fa 'show' -d 'Show the settings'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui settings" -eq 1' -fa 'set' -d 'Change one setting'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui settings" -eq 1' -fa 'add-custom' -d 'Add a custom server'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui settings" -eq 1' -fa 'remove-custom' -d 'Remove a custom server by address or id'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui settings" -eq 1' -fa 'reset' -d 'Reset the settings to defaults (pn51)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui settings set" -eq 1' -fka 'backend_server_address custom_server_address connection_timeout auto_switch_on_failure enable_detailed_logging ca_bundle probe_interval cert_warning_days alert_webhooks alert_ca_bundle alert_up_confirmations slow_threshold_ms history_enabled remote_write_url remote_write_token_file facility facility_name facility_number bcp_trigger_minutes status_page_dir'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" require-reachable' -l 'require-reachable' -d 'Add the server only if it answers'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings add-custom" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings remove-custom" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui settings reset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui lang" -eq 1' -fka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui lang" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui paths" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" user' -l 'user' -d 'User name (asked on the terminal when not given)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" password-stdin' -l 'password-stdin' -d 'Read the password from the first line of standard input'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui login" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui logout" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" textfile' -l 'textfile' -d 'After every round, write OpenMetrics for node_exporter\'s textfile collector to this file' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" status-page' -l 'status-page' -d 'After every round, write the staff status page (index.html and one page per language) into this folder' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" once' -l 'once' -d 'Make one round, record it, send due alerts and exit (0 connected, 2 not)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui monitor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" window' -l 'window' -d 'Only this window: 24h, 7d, 30d or 400d' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" all' -l 'all' -d 'Every server, and the fallback alerts'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" for' -l 'for' -d 'How long: 90s, 30m, 2h, 1d (a number alone is minutes)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" reason' -l 'reason' -d 'Why (shown beside the server and in the log)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui mute" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" all' -l 'all' -d 'Every server, and the fallback alerts'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui unmute" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui alerts" -eq 1' -fa 'test' -d 'Send a test event through every hook and webhook and say what each did'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui alerts test" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui drill" -eq 1' -fa 'start' -d 'Start a drill'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui drill" -eq 1' -fa 'ack' -d 'Record that a person took notice of the drill\'s alert'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui drill" -eq 1' -fa 'end' -d 'End the drill now'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui drill" -eq 1' -fa 'status' -d 'Show the drill in force, or the last one, with its record'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" server' -l 'server' -d 'The server to drill (default: the one in use)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" scenario' -l 'scenario' -d 'How it fails: down, slow or certificate (default: down)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" for' -l 'for' -d 'How long (such as 15m, 90s, 2h; default 15m, at most 4h)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" participants' -l 'participants' -d 'Who takes part' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill start" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill ack" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" note' -l 'note' -d 'A note for the record (what was learned)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill end" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui drill status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" since' -l 'since' -d 'Incidents since this date (default: 30 days ago)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incidents" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_positional "verbumcare-tui incident" -eq 1' -fa 'note' -d 'Add a note (cause, what was done) to an incident'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui incident note" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" from' -l 'from' -d 'Start of the period (a date; default: 30 days ago)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" to' -l 'to' -d 'End of the period (a date; default: now)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" format' -l 'format' -d 'Format: md, csv, html or json (default: md)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" output' -l 'output' -d 'File to write (default: standard output)' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui report" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" prometheus' -l 'prometheus' -d 'Address of Prometheus or VictoriaMetrics (e.g. https://prometheus.example.org)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" token-file' -l 'token-file' -d 'File holding a bearer token (never printed)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" json' -l 'json' -d 'Print a JSON document on standard output'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" home' -l 'home' -d 'Keep all files under this folder' -rfa '(__verbumcare-tui_complete_directories)'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" env' -l 'env' -d 'Environment: production, staging or development' -rfka 'production staging development'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" lang' -l 'lang' -d 'Language for this run only: ja, en or zh-Hant' -rfka 'ja en zh-Hant'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" cacert' -l 'cacert' -d 'CA bundle file for server certificates' -rF
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet"' -l 'connect-to' -d 'Route HOST:PORT to CONNECT-HOST:CONNECT-PORT (as curl does)' -rfka ''
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" no-color' -l 'no-color' -d 'Do not use colours'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" plain' -l 'plain' -d 'Screen-reader mode: no boxes, no animation'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" version' -l 'version' -d 'Show the version.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui fleet" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'verbumcare-tui' -n '__verbumcare-tui_should_offer_completions_for_flags_or_options "verbumcare-tui help" version' -l 'version' -d 'Show the version.'
