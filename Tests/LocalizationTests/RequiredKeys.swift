/// Keys that other modules were promised (with exactly these parameters) while they were
/// written in parallel. One line per key: the key, then its parameter names.
enum RequiredKeys {
    static let table = """
    app.name
    app.title
    status.connected
    status.disconnected
    status.testing
    status.switching
    status.error
    source.native_settings
    source.default
    source.fallback server reason
    server.pn51.name
    server.pn51.title
    server.pn51.description
    server.mac-mini.name
    server.mac-mini.title
    server.mac-mini.description
    server.mac-mini-tailscale.name
    server.mac-mini-tailscale.title
    server.mac-mini-tailscale.description
    validation.empty
    validation.too_long max
    validation.invalid_url
    validation.https_required
    validation.credentials_in_url
    validation.query_or_fragment
    validation.invalid_port port
    validation.invalid_host host
    validation.forbidden_host host
    validation.missing_api_path
    validation.mdns_host host
    validation.ip_address host
    validation.single_label_host host
    validation.unusual_port port
    validation.insecure_http
    validation.loopback_host host
    validation.suggestion address
    validation.valid
    validation.invalid
    validation.tab_accepts
    error.dns.message host
    error.dns.action
    error.connect.message host
    error.connect.action
    error.timeout.message seconds
    error.timeout.action
    error.tls_untrusted.message
    error.tls_untrusted.action
    error.tls_hostname.message host
    error.tls_hostname.action
    error.tls_expired.message
    error.tls_expired.action
    error.tls_not_yet_valid.message
    error.tls_not_yet_valid.action
    error.tls_not_yet_valid.clock_behind.message not_before now
    error.tls_not_yet_valid.clock_behind.action not_before now
    error.tls_other.ca_bundle_unreadable.message path reason
    error.too_large.headers.message bytes
    error.tls_other.message
    error.tls_other.action
    error.http_status.message status
    error.http_status.action
    error.http_status.server_message status
    error.http_status.client_message status
    error.bad_response.message
    error.bad_response.action
    error.redirect_refused.message
    error.redirect_refused.action
    error.too_large.message
    error.too_large.action
    error.cancelled.message
    error.cancelled.action
    error.auth_required.message
    error.auth_required.action
    check.health
    check.api
    check.auth
    check.websocket
    check.auth_required
    check.ok
    switch.step.validating
    switch.step.testing_connection
    switch.step.saving_server_data
    switch.step.clearing_server_data
    switch.step.restoring_server_data
    switch.step.signing_in
    switch.in_progress server
    switch.succeeded server
    switch.failed server reason previous
    switch.cancelled server target
    switch.cancel_hint
    notice.fallback failed reason server
    notice.switch_back_offer server
    notice.all_unreachable server fallback
    notice.settings_changed
    notice.dismiss
    notice.watching server
    source.fallback_recovered reason server
    files.kept_copy file path
    ui.no_answer seconds
    ui.good_news_label
    ui.info_label
    key.sign_in
    help.sign_in
    files.moved_aside file path
    files.field_invalid file field fallback value
    files.write_failed file reason
    files.lock_failed file reason
    files.migrated file from to
    files.unknown_server file address
    ui.panel.server
    ui.panel.language
    ui.panel.open_settings
    ui.open_settings.explain
    ui.open_settings.button
    ui.status
    ui.checked
    ui.checked_ago seconds
    ui.never_checked
    ui.response_ms ms
    ui.too_small cols rows minCols minRows
    ui.pane.backend_server
    ui.pane.add_custom
    ui.pane.custom_address
    ui.pane.connection_timeout
    ui.pane.seconds seconds
    ui.pane.auto_switch
    ui.pane.detailed_logging
    ui.pane.ca_bundle
    ui.pane.adding address
    ui.pane.added address
    ui.pane.confirm_remove address
    ui.pane.confirm_add_unreachable address reason
    ui.pane.already_added address
    key.area
    key.move
    key.choose
    key.settings
    key.language
    key.test
    key.help
    key.quit
    key.back
    key.suggestion
    key.remove
    key.test_all
    key.cancel
    key.redraw
    key.switch_back
    key.dismiss
    key.submit
    help.title
    help.tab
    help.move
    help.choose
    help.open_settings
    help.next_language
    help.choose_language
    help.test
    help.help
    help.escape
    help.quit
    help.redraw
    help.switch_back
    help.remove
    help.suggestion
    help.close
    dialog.login.title server
    dialog.login.explain server
    dialog.login.username
    dialog.login.password
    dialog.login.submit
    dialog.login.failed reason
    dialog.confirm.yes
    dialog.confirm.no
    cli.not_a_terminal
    cli.invalid_value key value
    cli.unknown_key key keys
    cli.range key min max
    cli.not_boolean key
    cli.saved key value
    cli.custom_added address
    cli.custom_exists address
    cli.custom_removed address
    cli.custom_not_found target
    cli.reset_done
    cli.lang_current language
    cli.lang_set language
    cli.lang_unknown code
    cli.servers.current
    cli.servers.default
    cli.validate.valid address
    cli.validate.invalid address
    cli.path.config
    cli.path.state
    cli.path.cache
    cli.path.log
    cli.path.settings
    cli.status.fallback failed reason server
    cli.status.not_connected server
    cli.error.prefix
    cli.warning.prefix
    cli.unreachable_added address reason
    cli.unreachable_refused address reason
    """

    /// Key → its parameter names.
    static var keys: [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for line in table.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let key = words.first else { continue }
            result[key] = Set(words.dropFirst())
        }
        return result
    }
}
