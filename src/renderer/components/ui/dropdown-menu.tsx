import { createContext, use, useCallback, type ComponentProps, type Ref } from 'react'
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui'
import { Check } from 'lucide-react'
import { inertOutside } from '@/lib/inert-outside'
import { cn } from '@/lib/utils'

// whether the open menu is modal (radix's default), so its content knows to make the page behind it inert
const ModalMenu = createContext(true)

export function DropdownMenu({ modal = true, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  return (
    <ModalMenu value={modal}>
      <DropdownMenuPrimitive.Root modal={modal} {...props} />
    </ModalMenu>
  )
}

export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger
export const DropdownMenuGroup = DropdownMenuPrimitive.Group

/** The page behind a modal menu is inert while the menu is mounted (see `inertOutside`); the caller's ref still gets the node. */
function useModalContentRef(ref: Ref<HTMLDivElement> | undefined) {
  const modal = use(ModalMenu)
  return useCallback(
    (node: HTMLDivElement | null) => {
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
      if (!node || !modal) return
      const undo = inertOutside(node)
      return () => {
        undo()
        if (typeof ref === 'function') ref(null)
        else if (ref) ref.current = null
      }
    },
    [modal, ref],
  )
}

export function DropdownMenuContent({ className, sideOffset = 8, ref, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  const contentRef = useModalContentRef(ref)
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        ref={contentRef}
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        className={cn('z-50 min-w-56 overflow-hidden rounded-2xl border bg-card p-1.5 text-card-foreground shadow-xl shadow-navy-950/15', className)}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  )
}

export function DropdownMenuItem({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Item> & { variant?: 'default' | 'destructive' }) {
  return (
    <DropdownMenuPrimitive.Item
      data-slot="dropdown-menu-item"
      data-variant={variant}
      className={cn(
        'relative flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none',
        // the tint alone is too faint on white to show the keyboard focus (WCAG 2.4.7): a ring too
        'focus:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-navy-500 dark:[&_svg]:text-navy-300',
        'data-[variant=destructive]:text-destructive data-[variant=destructive]:[&_svg]:text-destructive',
        className,
      )}
      {...props}
    />
  )
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return <DropdownMenuPrimitive.Label data-slot="dropdown-menu-label" className={cn('px-2.5 py-2 text-sm', className)} {...props} />
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return <DropdownMenuPrimitive.Separator data-slot="dropdown-menu-separator" className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} {...props} />
}

export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup

/** A menuitemradio: the chosen one carries a check mark at the end. */
export function DropdownMenuRadioItem({ className, children, ...props }: ComponentProps<typeof DropdownMenuPrimitive.RadioItem>) {
  return (
    <DropdownMenuPrimitive.RadioItem
      data-slot="dropdown-menu-radio-item"
      className={cn(
        'relative flex cursor-pointer items-center gap-2.5 rounded-lg py-2 pr-8 pl-2.5 text-sm outline-none select-none',
        'focus:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-navy-500 dark:[&_svg]:text-navy-300',
        className,
      )}
      {...props}
    >
      {children}
      <DropdownMenuPrimitive.ItemIndicator className="absolute right-2.5 flex items-center">
        <Check className="text-mint-700 dark:text-mint-400" aria-hidden="true" />
      </DropdownMenuPrimitive.ItemIndicator>
    </DropdownMenuPrimitive.RadioItem>
  )
}
