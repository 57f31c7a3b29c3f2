import CNcursesw
import TerminalRendering

/// Turns ncurses' get_wch results into `Key`s.
enum KeyDecoder {
    /// `result` is get_wch's return (OK or KEY_CODE_YES); `code` the character or key code.
    static func decode(result: Int32, code: UInt32) -> Key? {
        if result == KEY_CODE_YES {
            return functionKey(Int32(bitPattern: code))
        }
        switch code {
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x1B: return .escape
        case 0x08, 0x7F: return .backspace
        case 0x01...0x1A:
            // Ctrl-A…Ctrl-Z (Tab, Enter and Backspace handled above).
            return Unicode.Scalar(code + 0x60).map { .ctrl(Character($0)) }
        case 0x00...0x1F:
            return nil
        default:
            return Unicode.Scalar(code).map { .character(Character($0)) }
        }
    }

    private static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case vc_key_resize(): return .resize
        default:
            for n in 1...12 where code == vc_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }
}
